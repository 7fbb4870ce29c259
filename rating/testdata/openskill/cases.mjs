// Computes the worked cases of rating/openskill_test.go with the reference
// implementation of OpenSkill (the `openskill` package on the npm registry,
// version pinned in package.json) and prints them as JSON.
//
//   cd rating/testdata/openskill && npm ci && node cases.mjs > cases.json
//
// Each case gives the teams (a team is a list of players, {mu, sigma}),
// the rank of each team (lower is better, equal ranks tie), the options
// passed to rate() and the ratings rate() returns. The Go test feeds the
// same input to rating.OpenSkillConfig.Rate and compares every mu and sigma
// to 1e-6.
import { readFileSync } from "node:fs";
import { rate, rating } from "openskill";

const pkg = JSON.parse(readFileSync(new URL("./node_modules/openskill/package.json", import.meta.url)));

const fresh = () => rating();
const p = (mu, sigma) => ({ mu, sigma });

const cases = [
  {
    name: "four players free-for-all, new ratings",
    teams: [[fresh()], [fresh()], [fresh()], [fresh()]],
    rank: [1, 2, 3, 4],
  },
  {
    name: "three players free-for-all, new ratings",
    teams: [[fresh()], [fresh()], [fresh()]],
    rank: [1, 2, 3],
  },
  {
    name: "four players, the middle two tied",
    teams: [[fresh()], [fresh()], [fresh()], [fresh()]],
    rank: [1, 2, 2, 4],
  },
  {
    name: "four players, two winners tied and two losers tied",
    teams: [[p(27, 5)], [p(24, 6)], [p(30, 3)], [p(20, 7.5)]],
    rank: [1, 1, 3, 3],
  },
  {
    name: "three players all tied (a draw), uneven priors",
    teams: [[p(31.2, 2.4)], [p(22.5, 6.1)], [fresh()]],
    rank: [1, 1, 1],
  },
  {
    name: "two teams of two, new ratings, first team wins",
    teams: [[fresh(), fresh()], [fresh(), fresh()]],
    rank: [1, 2],
  },
  {
    name: "two teams of two, uneven priors, the weaker team wins",
    teams: [[p(20.5, 4.2), p(23, 7.1)], [p(29.8, 2.3), p(27.4, 3.9)]],
    rank: [1, 2],
  },
  {
    name: "two teams of two, uneven priors, draw",
    teams: [[p(20.5, 4.2), p(23, 7.1)], [p(29.8, 2.3), p(27.4, 3.9)]],
    rank: [1, 1],
  },
  {
    name: "four players, uneven priors and deviations, the weakest wins",
    teams: [[p(18.3, 7.9)], [p(32.1, 1.7)], [p(25, 4)], [p(27.6, 2.9)]],
    rank: [1, 2, 3, 4],
  },
  {
    name: "four players, uneven priors, ranks given out of seat order",
    teams: [[p(18.3, 7.9)], [p(32.1, 1.7)], [p(25, 4)], [p(27.6, 2.9)]],
    rank: [3, 1, 4, 2],
  },
  {
    name: "three players, the strongest left and is ranked last",
    teams: [[p(24.1, 5.5)], [p(21.7, 6.6)], [p(33.3, 2.2)]],
    rank: [1, 2, 3],
  },
  {
    name: "four players, a leaver last, the two still at the table tied behind the winner",
    teams: [[fresh()], [p(26.4, 3.3)], [p(23.9, 4.8)], [p(28.8, 2.5)]],
    rank: [2, 1, 2, 4],
  },
  {
    name: "teams of uneven size, one against two",
    teams: [[p(28, 3)], [p(22, 6), p(24, 5)]],
    rank: [1, 2],
  },
  {
    name: "three teams of sizes one, two and one",
    teams: [[fresh()], [fresh(), p(26, 4)], [p(21, 3)]],
    rank: [2, 1, 3],
  },
  {
    name: "options: mu 30, sigma 10, beta 4, tau 0.5, limitSigma",
    options: { mu: 30, sigma: 10, beta: 4, tau: 0.5, limitSigma: true },
    teams: [[p(30, 10)], [p(30, 10)], [p(33, 2)]],
    rank: [1, 2, 3],
  },
  {
    name: "options: kappa 0.95 bounds the deviation's shrink",
    options: { kappa: 0.95, tau: 0 },
    teams: [[p(25, 20)], [p(25, 20)]],
    rank: [1, 2],
  },
  {
    name: "options: balance, z 2, alpha 1.5, target 10",
    options: { balance: true, z: 2, alpha: 1.5, target: 10 },
    teams: [[p(30, 2), p(18, 6)], [p(24, 4), p(25, 4)]],
    rank: [2, 1],
  },
];

// A sequence: the same four players play three games, each game starting
// from the ratings the previous one returned.
{
  let players = [fresh(), fresh(), fresh(), fresh()];
  const ranks = [[1, 2, 3, 4], [4, 1, 2, 2], [2, 3, 1, 4]];
  ranks.forEach((rank, g) => {
    const teams = players.map((x) => [x]);
    cases.push({ name: `sequence of three four-player games, game ${g + 1}`, teams, rank });
    players = rate(teams, { rank }).map((t) => t[0]);
  });
}

const out = cases.map((c) => {
  const options = c.options ?? {};
  const want = rate(c.teams, { ...options, rank: c.rank });
  return { name: c.name, options, teams: c.teams, rank: c.rank, want };
});

process.stdout.write(JSON.stringify({ reference: `openskill ${pkg.version} (npm), node ${process.version}`, cases: out }, null, 1) + "\n");
