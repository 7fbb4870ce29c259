package render

// The notations DescribeMove reads, matched by hand rather than by package
// regexp, which would add a twentieth to the browser's module (docs/server.md);
// describe_parse_test.go checks them against the regular expressions they
// replace. Each returns the whole notation and its groups, or nil.

func in(c, lo, hi byte) bool { return lo <= c && c <= hi }

// pogoMove reads POGO's notation: a count of pieces, from, "-", to
// (^([1-3])([a-c][1-3])-([a-c][1-3])$).
func pogoMove(s string) []string {
	if len(s) != 6 || !in(s[0], '1', '3') || !in(s[1], 'a', 'c') || !in(s[2], '1', '3') || s[3] != '-' || !in(s[4], 'a', 'c') || !in(s[5], '1', '3') {
		return nil
	}
	return []string{s, s[:1], s[1:3], s[4:]}
}

// podsPlacement reads PODS' placement: the pod's code, "@", the point
// (^([A-Za-z]+[0-9]*)@([a-f][1-6])$).
func podsPlacement(s string) []string {
	n := len(s)
	if n < 4 || s[n-3] != '@' || !in(s[n-2], 'a', 'f') || !in(s[n-1], '1', '6') {
		return nil
	}
	code := s[:n-3]
	i := 0
	for i < len(code) && (in(code[i], 'a', 'z') || in(code[i], 'A', 'Z')) {
		i++
	}
	if i == 0 {
		return nil
	}
	for i < len(code) && in(code[i], '0', '9') {
		i++
	}
	if i != len(code) {
		return nil
	}
	return []string{s, code, s[n-2:]}
}

// poldrPlacement reads POLD.R's placement of a marker (M) or a pawn (P)
// (^([MP])-([a-z][0-9]+)$).
func poldrPlacement(s string) []string {
	if len(s) < 4 || (s[0] != 'M' && s[0] != 'P') || s[1] != '-' || !in(s[2], 'a', 'z') {
		return nil
	}
	for i := 3; i < len(s); i++ {
		if !in(s[i], '0', '9') {
			return nil
		}
	}
	return []string{s, s[:1], s[2:]}
}
