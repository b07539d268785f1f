"""The partition table of the first Mastermind guess: Figure 1 of the dashboard paper (seed
002_a0a23a1225e6d45b.txt, "Simplified partition table for the first turn of a Mastermind game")."""
import codebreaker

game = codebreaker.Game("mastermind")
guesses = {"AAAA": "1111", "AAAB": "1112", "AABB": "1122", "AABC": "1123", "ABCD": "1234"}
columns = [game.partition(code) for code in guesses.values()]
print("Answer", *guesses, sep="\t")
for blacks in range(5):
    for whites in range(5 - blacks):
        if (blacks, whites) != (3, 1):  # three right and one misplaced cannot happen
            row = [column.get(f"{blacks}B{whites}W", 0) for column in columns]
            print(f"{blacks},{whites}", *row, sep="\t")
