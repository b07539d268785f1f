#!/usr/bin/env python3
"""Generate tests/data/feedback_golden.tsv.

Independent reference for the codebreaker feedback rules, written from the
rules as stated (it does not call or share code with the C library, nor with
tests/ref_rules.c).  Deterministic: uses a fixed random seed and writes the
cases in a fixed order, so re-running it reproduces the file byte for byte.

Usage:
    python3 tests/data/gen_golden.py [allowed.txt] > tests/data/feedback_golden.tsv

allowed.txt defaults to the repository's data/wordle/allowed.txt (one 5-letter
lowercase word per line).

Rules implemented:
  wordle(guess, secret):  per guess position; G if guess[i] == secret[i];
      then, left to right over non-green guess positions, Y if guess[i] still
      has an unused copy among the non-green secret positions (each copy used
      once, greens consume theirs first), else '.'.
  symble(guess, codeword) = wordle(guess=codeword, secret=guess), i.e. one
      colour per *codeword* position.
  mastermind / bulls: black = positions equal; white = sum over colours of
      min(count in guess, count in secret) - black; printed as "<b>B<w>W".

Strings are compared as sequences of Unicode code points, so a UTF-8 word
such as "niño" has length 4 and "ñ" is a single symbol.
"""

import os
import random
import sys
from collections import Counter

SEED = 20240601
DEFAULT_ALLOWED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "data", "wordle", "allowed.txt")


# --------------------------------------------------------------------------
# Rules
# --------------------------------------------------------------------------

def wordle(guess, secret):
    assert len(guess) == len(secret), (guess, secret)
    n = len(guess)
    colours = ["."] * n
    # Greens first; they consume their own secret copy.
    for i in range(n):
        if guess[i] == secret[i]:
            colours[i] = "G"
    # Pool of secret letters left over at non-green positions.
    pool = Counter(secret[j] for j in range(n) if guess[j] != secret[j])
    # Yellows, left to right over the non-green guess positions.
    for i in range(n):
        if colours[i] == "G":
            continue
        if pool[guess[i]] > 0:
            pool[guess[i]] -= 1
            colours[i] = "Y"
    return "".join(colours)


def symble(guess, codeword):
    # Colours per codeword position: Wordle with the roles swapped.
    return wordle(codeword, guess)


def mastermind(guess, secret):
    assert len(guess) == len(secret), (guess, secret)
    black = sum(1 for a, b in zip(guess, secret) if a == b)
    cg, cs = Counter(guess), Counter(secret)
    common = sum(min(cg[c], cs[c]) for c in set(cg) | set(cs))
    return "%dB%dW" % (black, common - black)


RULES = {
    "wordle": wordle,
    "symble": symble,
    "mastermind": mastermind,
    "bulls": mastermind,
}


# --------------------------------------------------------------------------
# Self-checks of the worked examples (fail loudly if the rules drift)
# --------------------------------------------------------------------------

def self_check():
    assert wordle("salet", "aback") == ".Y..."
    assert mastermind("1122", "1223") == "2B1W"
    # Symble worked examples: codeword "solid", guess "thorn" -> the 'o' of
    # the codeword (1-based position 2, 0-based index 1) is yellow.
    assert symble("thorn", "solid") == ".Y..."
    # codeword "hello", guess "lands": 1-based position 3 (first 'l') yellow,
    # 1-based position 4 (second 'l') gray.
    assert symble("lands", "hello") == "..Y.."
    # (Plain Wordle on the same pairs differs: per guess position.)
    assert wordle("thorn", "solid") == "..Y.."
    assert wordle("lands", "hello") == "Y...."
    # Classic repeated-letter cases, checked by hand.
    assert wordle("speed", "abide") == "..Y.Y"   # 2nd 'e' has no copy left
    assert wordle("eerie", "there") == "Y.Y.G"   # green 'e' consumes first
    assert wordle("llama", "hello") == "YY..."
    assert wordle("hello", "llama") == "..YY."
    assert wordle("niño", "ñoño") == "..GG"      # 'ñ' is one symbol


# --------------------------------------------------------------------------
# Case selection
# --------------------------------------------------------------------------

# Repeated-letter heavy 5-letter words (all in allowed.txt).
REPEAT_WORDS = [
    "speed", "abide", "eerie", "there", "llama", "hello", "geese", "mamma",
    "sheep", "teeth", "eject", "boozy", "robot", "kayak", "madam", "level",
    "civic", "queue", "error", "stall", "allot", "added", "daddy", "fluff",
    "puppy", "mummy", "nanny", "esses", "sissy", "tatty", "emcee", "seeds",
    "vivid", "lolly", "melee", "epees", "sasse", "sense", "tenet", "geeks",
    "elegy", "needs", "spree", "steel", "sleet", "tepee", "belle", "allay",
    "alarm", "banal", "sassy", "mossy", "bobby", "kebab", "abbey", "array",
    "fuzzy", "jazzy", "poppy", "dummy", "mimic", "onion", "radar", "refer",
    "rotor", "tweet", "sweet", "greet", "eaten", "eerie", "lever", "revel",
]

# Hand-picked pairs (guess, secret) exercising repeated-letter subtleties.
CURATED_PAIRS = [
    ("salet", "aback"),
    ("speed", "abide"), ("abide", "speed"),
    ("eerie", "there"), ("there", "eerie"),
    ("llama", "hello"), ("hello", "llama"),
    ("geese", "these"), ("these", "geese"), ("geese", "eerie"),
    ("eerie", "geese"), ("geese", "sheep"), ("sheep", "geese"),
    ("mamma", "llama"), ("llama", "mamma"), ("mamma", "madam"),
    ("madam", "mamma"), ("mamma", "mummy"), ("mummy", "mamma"),
    ("speed", "spree"), ("spree", "speed"), ("steel", "sleet"),
    ("sleet", "steel"), ("eject", "sheep"), ("sheep", "eject"),
    ("eerie", "emcee"), ("emcee", "eerie"), ("epees", "geese"),
    ("geese", "epees"), ("melee", "eerie"), ("tepee", "eerie"),
    ("allot", "llama"), ("llama", "allot"), ("stall", "llama"),
    ("lolly", "hello"), ("hello", "lolly"), ("level", "hello"),
    ("hello", "level"), ("puppy", "poppy"), ("poppy", "puppy"),
    ("kayak", "llama"), ("kebab", "abbey"), ("abbey", "kebab"),
    ("esses", "sissy"), ("sissy", "esses"), ("sassy", "esses"),
    ("esses", "sense"), ("sense", "esses"), ("tenet", "tatty"),
    ("tatty", "tenet"), ("added", "daddy"), ("daddy", "added"),
    ("error", "rotor"), ("rotor", "error"), ("radar", "array"),
    ("array", "radar"), ("refer", "error"), ("error", "refer"),
    ("vivid", "civic"), ("civic", "vivid"), ("fluff", "fuzzy"),
    ("queue", "eerie"), ("eerie", "queue"), ("robot", "boozy"),
    ("boozy", "robot"), ("onion", "nanny"), ("nanny", "onion"),
    ("tweet", "sweet"), ("sweet", "tweet"), ("greet", "eaten"),
    ("lever", "revel"), ("revel", "lever"), ("banal", "alarm"),
    ("alarm", "banal"), ("allay", "alarm"), ("alarm", "allay"),
    # identical, disjoint, full anagram
    ("speed", "speed"), ("mamma", "mamma"), ("crane", "pudgy"),
    ("least", "slate"), ("slate", "least"), ("steal", "tales"),
]

# Symble worked examples (guess, codeword).
SYMBLE_EXAMPLES = [("thorn", "solid"), ("lands", "hello")]

# 4- and 6-letter words (same-length pairs are formed from these).
WORDS4 = [
    "book", "boot", "noon", "moon", "seed", "deed", "eels", "loop", "pool",
    "polo", "toot", "tool", "look", "keel", "leek", "peep", "pope", "mama",
    "papa", "dada", "sass", "ease", "else", "eyes", "tree", "teen", "need",
    "ally", "lull", "bulb", "boob", "abba", "baba", "anna", "naan", "nana",
]
WORDS6 = [
    "coffee", "bottle", "better", "letter", "settle", "banana", "assess",
    "pepper", "little", "kettle", "teeter", "tattoo", "bubble", "cocoon",
    "nanana", "eerier", "sleeve", "reeves", "needle", "seesaw", "cheese",
    "geezer", "mammal", "llamas", "puzzle", "bazaar", "tomato", "potato",
    "street", "setter", "tester", "retest", "insist", "tsetse", "mississ",
]
WORDS6 = [w for w in WORDS6 if len(w) == 6]

# UTF-8 words (Spanish ñ, German ä/ö/ü); paired with same-length partners.
UTF8_PAIRS = [
    ("niño", "ñoño"), ("ñoño", "niño"), ("año", "ano"), ("ano", "año"),
    ("año", "ñoñ"), ("niña", "niño"), ("niño", "niña"), ("baño", "caña"),
    ("caña", "baño"), ("señor", "ñoñez"), ("ñoñez", "señor"),
    ("mañana", "banana"), ("banana", "mañana"), ("mañana", "ñañaña"),
    ("años", "ñoña"), ("ñoña", "años"), ("käse", "säge"), ("säge", "käse"),
    ("ähre", "ehre"), ("ehre", "ähre"), ("bär", "bar"), ("bar", "bär"),
    ("täter", "ätzen"), ("ätzen", "täter"), ("ääää", "äaäa"),
    ("äaäa", "ääää"), ("öffnen", "offene"), ("grüße", "güter"),
]


def same_len_pairs(rng, words, count):
    out = []
    for _ in range(count):
        out.append((rng.choice(words), rng.choice(words)))
    return out


def random_string(rng, alphabet, n):
    return "".join(rng.choice(alphabet) for _ in range(n))


def main():
    self_check()
    path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_ALLOWED
    with open(path, encoding="utf-8") as f:
        allowed = [w.strip() for w in f if w.strip()]
    allowed_set = set(allowed)
    for w in REPEAT_WORDS:
        assert w in allowed_set, w
    for g, s in CURATED_PAIRS + SYMBLE_EXAMPLES:
        assert g in allowed_set and s in allowed_set, (g, s)

    rng = random.Random(SEED)
    rep = list(dict.fromkeys(REPEAT_WORDS))
    # Allowed words with a letter occurring 2 or 3+ times.
    doubles = [w for w in allowed if max(Counter(w).values()) == 2]
    triples = [w for w in allowed if max(Counter(w).values()) >= 3]

    cases = []  # (rule, guess, secret, expected, section)

    def add(rule, g, s):
        cases.append((rule, g, s, RULES[rule](g, s)))

    sections = []

    def section(title):
        sections.append((len(cases), title))

    # ---------------- wordle ----------------
    section("wordle: worked example and curated repeated-letter pairs")
    for g, s in CURATED_PAIRS:
        add("wordle", g, s)
    section("wordle: random pairs among repeated-letter words")
    for g, s in same_len_pairs(rng, rep, 60):
        add("wordle", g, s)
    section("wordle: triple-letter words vs double/triple-letter words")
    for _ in range(40):
        a = rng.choice(triples)
        b = rng.choice(doubles + triples)
        if rng.random() < 0.5:
            a, b = b, a
        add("wordle", a, b)
    section("wordle: random pairs from allowed.txt")
    for g, s in same_len_pairs(rng, allowed, 80):
        add("wordle", g, s)
    section("wordle: random 5-letter strings over tiny alphabets")
    for _ in range(30):
        alpha = rng.choice(["ab", "abc", "eo", "els"])
        add("wordle", random_string(rng, alpha, 5), random_string(rng, alpha, 5))
    section("wordle: 4-letter words and strings")
    for g, s in same_len_pairs(rng, WORDS4, 25):
        add("wordle", g, s)
    for _ in range(10):
        add("wordle", random_string(rng, "abc", 4), random_string(rng, "abc", 4))
    section("wordle: 6-letter words and strings")
    for g, s in same_len_pairs(rng, WORDS6, 25):
        add("wordle", g, s)
    for _ in range(10):
        add("wordle", random_string(rng, "est", 6), random_string(rng, "est", 6))
    section("wordle: UTF-8 words (one symbol per code point)")
    for g, s in UTF8_PAIRS:
        add("wordle", g, s)

    # ---------------- symble ----------------
    # Column 2 is the guess, column 3 the codeword; expected is one colour per
    # codeword position.
    section("symble: worked examples (guess, codeword)")
    for g, c in SYMBLE_EXAMPLES:
        add("symble", g, c)
    section("symble: curated repeated-letter pairs (guess, codeword)")
    for g, c in CURATED_PAIRS:
        add("symble", g, c)
    section("symble: random pairs among repeated-letter words")
    for g, c in same_len_pairs(rng, rep, 30):
        add("symble", g, c)
    section("symble: triple-letter words")
    for _ in range(15):
        a = rng.choice(triples)
        b = rng.choice(doubles + triples)
        if rng.random() < 0.5:
            a, b = b, a
        add("symble", a, b)
    section("symble: random pairs from allowed.txt")
    for g, c in same_len_pairs(rng, allowed, 30):
        add("symble", g, c)
    section("symble: 4- and 6-letter words")
    for g, c in same_len_pairs(rng, WORDS4, 10):
        add("symble", g, c)
    for g, c in same_len_pairs(rng, WORDS6, 10):
        add("symble", g, c)
    section("symble: UTF-8 words")
    for g, c in UTF8_PAIRS[:12]:
        add("symble", g, c)

    # ---------------- mastermind ----------------
    section("mastermind: worked example and hand-picked 4-peg cases")
    for g, s in [("1122", "1223"), ("1223", "1122"), ("1111", "1111"),
                 ("1111", "2222"), ("1234", "4321"), ("1234", "1234"),
                 ("1122", "2211"), ("1112", "1222"), ("1111", "1112"),
                 ("1212", "2121"), ("1123", "3211"), ("6655", "5566"),
                 ("1122", "1122"), ("1234", "5612"), ("1213", "3121"),
                 ("1123", "1456"), ("1111", "2111"), ("1122", "3344")]:
        add("mastermind", g, s)
    section("mastermind: random 4-peg codes, colours 1..6")
    for _ in range(60):
        add("mastermind", random_string(rng, "123456", 4),
            random_string(rng, "123456", 4))
    section("mastermind: random 4-peg codes over 1..3 (many repeats)")
    for _ in range(15):
        add("mastermind", random_string(rng, "123", 4),
            random_string(rng, "123", 4))
    section("mastermind: random 4-peg codes, colours 1..9")
    for _ in range(15):
        add("mastermind", random_string(rng, "123456789", 4),
            random_string(rng, "123456789", 4))
    section("mastermind: 5-peg codes, colours 1..8")
    for g, s in [("11223", "12233"), ("11111", "11112"), ("12345", "54321"),
                 ("11122", "22211")]:
        add("mastermind", g, s)
    for _ in range(25):
        add("mastermind", random_string(rng, "12345678", 5),
            random_string(rng, "12345678", 5))
    section("mastermind: 3-peg codes, colours 1..4")
    for g, s in [("112", "121"), ("111", "111"), ("123", "312"), ("122", "211")]:
        add("mastermind", g, s)
    for _ in range(15):
        add("mastermind", random_string(rng, "1234", 3),
            random_string(rng, "1234", 3))

    # ---------------- bulls ----------------
    section("bulls: Bulls-and-Cows codes, digits 0..9 (distinct digits)")
    for g, s in [("0123", "0123"), ("0123", "3210"), ("0123", "4567"),
                 ("0123", "1032"), ("1234", "0124"), ("9876", "6789")]:
        add("bulls", g, s)
    for _ in range(35):
        add("bulls", "".join(rng.sample("0123456789", 4)),
            "".join(rng.sample("0123456789", 4)))
    section("bulls: codes with repeated digits, including 0")
    for g, s in [("0000", "0001"), ("0011", "1100"), ("0102", "2010")]:
        add("bulls", g, s)
    for _ in range(10):
        add("bulls", random_string(rng, "0123", 4), random_string(rng, "0123", 4))

    # ---------------- output ----------------
    out = sys.stdout
    out.write(
        "# feedback_golden.tsv - golden feedback cases for codebreaker tests.\n"
        "#\n"
        "# Generated by tests/data/gen_golden.py (fixed seed %d); do not edit\n"
        "# by hand, regenerate with:\n"
        "#   python3 tests/data/gen_golden.py > tests/data/feedback_golden.tsv\n"
        "# The generator implements the rules independently of the library.\n"
        "#\n"
        "# Format: one case per line, four TAB-separated fields:\n"
        "#   rule<TAB>guess<TAB>secret<TAB>expected\n"
        "# Lines starting with '#' are comments; there are no blank lines.\n"
        "#\n"
        "# rule = wordle | symble | mastermind | bulls\n"
        "#   wordle:  guess, secret are lowercase words (UTF-8; each Unicode\n"
        "#            code point, e.g. 'ñ' or 'ä', is one symbol); expected has\n"
        "#            one char per guess position: G green, Y yellow, . gray.\n"
        "#   symble:  column 2 is the guess, column 3 is the CODEWORD; expected\n"
        "#            is the colour pattern per codeword position (before any\n"
        "#            symbol mapping) = wordle(guess=codeword, secret=guess).\n"
        "#   mastermind: codes are digit strings with colours 1..9 (3, 4 or 5\n"
        "#            pegs); expected is <b>B<w>W, black = equal positions,\n"
        "#            white = sum_c min(#c in guess, #c in secret) - black.\n"
        "#   bulls:   Bulls-and-Cows codes with digits 0..9, same counting as\n"
        "#            mastermind (bulls = B, cows = W).\n"
        "#\n" % SEED)
    counts = Counter()
    starts = dict(sections)
    seen = set()
    for idx, (rule, g, s, exp) in enumerate(cases):
        if idx in starts:
            out.write("# --- %s\n" % starts[idx])
        key = (rule, g, s)
        if key in seen:
            continue
        seen.add(key)
        assert len(g) == len(s) == (len(exp) if rule in ("wordle", "symble")
                                     else len(g))
        counts[rule] += 1
        out.write("%s\t%s\t%s\t%s\n" % (rule, g, s, exp))
    out.write("# counts: %s\n" % ", ".join(
        "%s=%d" % (r, counts[r]) for r in ("wordle", "symble", "mastermind",
                                           "bulls")))


if __name__ == "__main__":
    main()
