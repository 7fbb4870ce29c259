/* Drives laurentg/pogo's search on positions given on stdin (not committed anywhere). */
#define main pogo_main
#include "pogo.c"
#undef main
#include <time.h>

static int piece(char ch) { return ch == 'L' ? WHITE : BLACK; }

int main(int argc, char **argv)
{
	char line[1024];
	int strength = argc > 1 ? atoi(argv[1]) - 1 : 2;
	cfg.max_deep = max_deep[strength];
	cfg.mmax = mmax[strength];
	cfg.verbose = 0;
	while (fgets(line, sizeof line, stdin)) {
		t_board b;
		char *tok = strtok(line, " \n");
		int who, c, k;
		if (!tok) continue;
		who = tok[0] == 'L' ? WHITE : BLACK;
		memset(&b, 0, sizeof b);
		for (c = 0; c < 9; c++) {
			t_cell *cell = &b.cell[c / 3][c % 3];
			tok = strtok(NULL, " \n");
			if (!tok) { printf("\nERROR short\n"); fflush(stdout); break; }
			if (tok[0] != '-')
				for (k = 0; tok[k]; k++) cell->c[cell->n++] = piece(tok[k]);
			adjust_owner(cell);
		}
		memset(&stats, 0, sizeof stats);
		move_computer(0, who, &b);
		printf("\nRESULT");
		for (c = 0; c < 9; c++) {
			t_cell *cell = &b.cell[c / 3][c % 3];
			printf(" ");
			if (cell->n == 0) printf("-");
			for (k = 0; k < cell->n; k++) printf("%c", cell->c[k] == WHITE ? 'L' : 'D');
		}
		printf("\n");
		fflush(stdout);
	}
	return 0;
}
