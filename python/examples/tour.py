"""A tour of the codebreaker package, notebook-sized: each block is a cell (docs/python.md
explains them). Runs in about ten seconds; pandas is used when installed."""

import codebreaker as cb

# 1. A game and its rules: feedback, candidates, the partition of the candidates by a guess.
wordle = cb.Game()  # the original lists; cb.Game(lists="nyt2023") for today's
print(wordle)
print("salet against aback:", wordle.feedback("salet", "aback"))
left = wordle.candidates(["salet=.Y...", "crony=..G.."])
print("after salet=.Y... and crony=..G..:", left)

# 2. Rank guesses: every score of the papers' partition table, best first by a strategy.
ranking = wordle.rank(["salet=....."], strategy="entropy", limit=5)
for score in ranking:
    print(f"{score.guess}  {score.entropy:.3f} bits, largest part {score.largest}, {score.parts} parts")

# 3. Simulate a strategy over every secret (or a seeded sample), keeping the games.
mastermind = cb.Game("mastermind")
knuth = mastermind.simulate("minimax", games=True)
print(f"Knuth's minimax: {knuth.total} guesses over {knuth.games} codes, at most {knuth.max}")
print("distribution:", knuth.distribution)
try:
    frame = knuth.dataframe()  # one row per game: secret, guesses, won, path
    print(frame.groupby("guesses").size())
except ImportError:
    print("first games:", knuth.records()[:3])  # the same rows as dicts, without pandas

# 4. The exact solver from the opening: the least total guesses, and its decision tree.
best = mastermind.optimal(first="1123")
print(f"opening 1123: {best.total} guesses, proved {best.proved}, {best.seconds:.1f} s")
assert best.tree is not None
print("after 1123=0B0W the tree plays", best.tree.next(["1123=0B0W"]))

# 5. Several boards: Quordle, one guess scored on every board.
quordle = cb.Game("quordle")
play = quordle.solve(["aback", "zesty", "cigar", "humph"])
print("quordle:", " ".join(play.guesses), "won" if play.won else "lost")
sample = quordle.simulate(sample=100, seed=1)
print(f"sum-entropy over 100 quordles: {sample.wins} won, {sample.average:.2f} guesses on average")

# 6. Absurdle: no secret, the codemaker keeps the most candidates; the fewest guesses that win.
absurdle = cb.Game("absurdle")
print("the adversary answers salet with", absurdle.answer("salet"))
shortest = absurdle.optimal(first="salet")
print("fewest guesses from salet:", shortest.total, shortest.sequence, "left:", shortest.left)
