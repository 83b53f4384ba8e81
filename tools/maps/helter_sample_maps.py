#!/usr/bin/env python3
# helter_sample_maps.py - writes the two sample 40-space boards for Judge Dredd: Helter Skelter,
# maps/helter_city_blocks.json and maps/helter_grand_hall.json.
#
# SAMPLE CONTENT — not from the rulebook (the rulebook prints no board geometry; spec §12 item 1).
# The boards only exercise the map model of spec §2: spaces, borders, walls (full and partial),
# waterfalls (City Blocks only), high ground (Grand Hall only), cover and line of sight.
#
# Rerun from the repository root (stdlib only; the output is deterministic):
#     python3 tools/maps/helter_sample_maps.py
# then `./build/cli/duelbox check maps/helter_city_blocks.json maps/helter_grand_hall.json`.
#
# How a board is drawn below: a grid of unit cells, one character per cell, row 0 at the top
# (x = column, y = row, as in tests/support/maps/helter_t12.json). Each letter is a designated
# space, labelled in reading order of its first cell: a..z are designations 1..26, A..N are
# 27..40. Digits are waterfall pseudo-spaces ("1" -> "W1"). From the cells the generator derives
#  - each space's outline (its boundary traced with positive signed area, collinear points
#    merged) and its sight point (the centre of its cell nearest the centroid);
#  - edges from shared unit sides: all sides walled -> a "wall" edge only; some walled -> a
#    "border" and a "wall" edge (a partial wall); none -> a "border" edge; a waterfall and a
#    space -> a "waterfall" edge. Cells touching only at a corner give no edge;
#  - "walls.segments": every walled unit side, collinear runs merged.
import json
import os
from collections import deque

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN"   # designations 1..40
SAMPLE = " (SAMPLE CONTENT — not from the rulebook)"

# Features name spaces by letter; the comments give the designations. A wall side is a pair of
# cells (row, column) side by side.

# Side B, recommended for a first game: two rooftops (Dan Tanna west, Enid Blyton east) either
# side of a plaza whose overflow cascades W1 and W2 link spaces that share no border (13 and 14
# over W1, 22 and 28 over W2). No high ground.
CITY_BLOCKS = {
    "id": "helter_city_blocks",
    "name": "City Blocks Dan Tanna and Enid Blyton" + SAMPLE,
    "grid": [
        "aabccddeefgg",
        "aabhc1iiefjg",
        "kllhm1noofjp",
        "kqlrm1nsottp",
        "uqqrvwwsxxyy",
        "uzAAv22BxCCy",
        "DzEAF22BGGHI",
        "DJEKFLLMGNHI",
    ],
    "high": "",
    "cover": "hltEGM",                      # 8 12 20 31 33 39: vents, a water tank, billboards
    "walls": ["bc", "os", "Fv", "CH"],      # 2|3, 15|19, 32|22, 29|34: every shared side walled
    "wall_sides": [                          # one side of several: partial walls
        ((1, 3), (1, 4)),                    # 8|3: the roof door's frame
        ((4, 9), (5, 9)),                    # 24|29
    ],
}

# Side A: two balconies along the edges, the north-west gallery (1, 2, 3) and the south-east
# gallery (37, 39, 40), look over a central intersection (22, four cells) where two avenues
# cross; statues and pillars around it are cover. No waterfalls.
GRAND_HALL = {
    "id": "helter_grand_hall",
    "name": "Grand Hall of Justice" + SAMPLE,
    "grid": [
        "aabccddeefff",
        "ghhiidjekkll",
        "gmhnnojppqlr",
        "smttuvvwwqxr",
        "syyzuvvAABxx",
        "CyDzzEFAGBHH",
        "CIDDJEFAGBHK",
        "IILLJEMMNNNK",
    ],
    "high": "abcKMN",                        # 1 2 3, 37 39 40
    "cover": "ouwFkD",                       # 15 21 23 32 11 30
    "walls": ["bc", "jp", "DJ", "qx"],      # 2|3 (both high), 10|16, 30|36, 17|24
    "wall_sides": [
        ((5, 1), (5, 2)),                    # 25|30: a half-open archway
        ((6, 9), (6, 10)),                   # 28|34
    ],
}


# -- geometry -------------------------------------------------------------------------------


def cells_by_label(grid):
    width = len(grid[0])
    assert all(len(row) == width for row in grid), "every row needs the same width"
    out = {}
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            out.setdefault(ch, []).append((r, c))
    return out


def connected(cells):
    cells = set(cells)
    start = min(cells)
    seen, todo = {start}, deque([start])
    while todo:
        r, c = todo.popleft()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


def outline(cells, label):
    """The boundary of a set of unit cells as one simple polygon, positive signed area."""
    directed = set()
    for r, c in cells:
        x, y = c, r
        for e in (((x, y), (x + 1, y)), ((x + 1, y), (x + 1, y + 1)),
                  ((x + 1, y + 1), (x, y + 1)), ((x, y + 1), (x, y))):
            directed.add(e)
    boundary = [e for e in directed if (e[1], e[0]) not in directed]
    nxt = {}
    for a, b in boundary:
        assert a not in nxt, f"space {label}: its outline touches itself at {a}"
        nxt[a] = b
    start = min(nxt)
    loop, p = [start], nxt[start]
    while p != start:
        loop.append(p)
        p = nxt[p]
    assert len(loop) == len(boundary), f"space {label} has a hole or is in pieces"
    merged = []
    for i, p in enumerate(loop):
        a, b = loop[i - 1], loop[(i + 1) % len(loop)]
        if (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0]) != 0:
            merged.append(p)
    area2 = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(merged, merged[1:] + merged[:1]))
    assert area2 == 2 * len(cells), f"space {label}: outline area {area2 / 2} != {len(cells)} cells"
    return merged


def sight_point(cells):
    cy = sum(r + 0.5 for r, _ in cells) / len(cells)
    cx = sum(c + 0.5 for _, c in cells) / len(cells)
    r, c = min(cells, key=lambda rc: ((rc[0] + 0.5 - cy) ** 2 + (rc[1] + 0.5 - cx) ** 2, rc))
    return [c + 0.5, r + 0.5]   # the centre of a cell: strictly inside the outline


def unit_side(a, b):
    """The segment between two side-adjacent cells, as ((x1, y1), (x2, y2))."""
    (r1, c1), (r2, c2) = sorted((a, b))
    if r1 == r2:
        return ((c2, r1), (c2, r1 + 1))   # vertical side
    return ((c1, r2), (c1 + 1, r2))       # horizontal side


def merge_segments(sides):
    """Unit sides joined into the longest straight runs: vertical runs first, then horizontal."""
    runs = []
    for axis in (0, 1):   # 0: vertical sides (same x), 1: horizontal sides (same y)
        line = sorted((s[0][axis], s[0][1 - axis]) for s in sides if s[0][axis] == s[1][axis])
        for fixed, lo in line:
            if runs and runs[-1][0] == axis and runs[-1][1] == fixed and runs[-1][3] == lo:
                runs[-1][3] = lo + 1
            else:
                runs.append([axis, fixed, lo, lo + 1])
    out = []
    for axis, fixed, lo, hi in runs:
        out.append([[fixed, lo], [fixed, hi]] if axis == 0 else [[lo, fixed], [hi, fixed]])
    return out


# -- one board ------------------------------------------------------------------------------


def build(spec):
    grid = spec["grid"]
    cells = cells_by_label(grid)
    labels = [ch for ch in cells if ch in LETTERS]
    falls = sorted(ch for ch in cells if ch.isdigit())
    assert sorted(labels, key=LETTERS.index) == list(LETTERS), "need exactly the 40 letters a..z, A..N"
    assert set(cells) == set(labels) | set(falls), "a cell is neither a space nor a waterfall"
    # Reading order: the first cell of space n comes before the first cell of space n + 1.
    firsts = [min(cells[ch]) for ch in LETTERS]
    assert firsts == sorted(firsts), "letters must first appear in reading order"
    name = {ch: str(i + 1) for i, ch in enumerate(LETTERS)}
    name.update({ch: "W" + ch for ch in falls})
    for ch, cs in cells.items():
        assert connected(cs), f"{name[ch]} is in pieces"
        if ch in LETTERS:
            assert 1 <= len(cs) <= 4, f"space {name[ch]} has {len(cs)} cells (1..4)"
    assert {len(cells[ch]) for ch in LETTERS} == {1, 2, 3, 4}, "sizes should run from 1 to 4 cells"

    label_at = {rc: ch for ch, cs in cells.items() for rc in cs}
    shared = {}   # (label, label) -> list of (cell, cell) sides
    for (r, c), ch in label_at.items():
        for n in ((r + 1, c), (r, c + 1)):
            other = label_at.get(n)
            if other is not None and other != ch:
                key = tuple(sorted((ch, other), key=lambda k: (k not in LETTERS, LETTERS.find(k), k)))
                shared.setdefault(key, []).append(((r, c), n))

    walled = set()
    for pair in spec["walls"]:
        key = tuple(sorted(pair, key=LETTERS.index))
        assert key in shared, f"wall {pair}: the spaces share no side"
        walled.update(frozenset(s) for s in shared[key])
    for a, b in spec["wall_sides"]:
        assert a in label_at and b in label_at and label_at[a] != label_at[b], f"wall side {a}-{b}"
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1, f"wall side {a}-{b}: cells not side by side"
        walled.add(frozenset((a, b)))

    edges, partial = [], 0
    for (p, q), sides in sorted(shared.items(), key=lambda kv: (order(kv[0][0]), order(kv[0][1]))):
        wall = [s for s in sides if frozenset(s) in walled]
        if p in falls or q in falls:
            assert p not in falls or q not in falls, "two waterfalls side by side"
            assert not wall, f"a wall beside waterfall {p}{q}"
            edges.append({"a": name[p], "b": name[q], "kind": "waterfall"})
            continue
        if len(wall) < len(sides):
            edges.append({"a": name[p], "b": name[q], "kind": "border"})
        if wall:
            edges.append({"a": name[p], "b": name[q], "kind": "wall"})
            partial += len(wall) < len(sides)
    segments = merge_segments(sorted(unit_side(*tuple(s)) for s in walled))

    spaces = []
    for ch in list(LETTERS) + falls:
        cs = sorted(cells[ch])
        poly = outline(cs, name[ch])
        space = {"id": name[ch]}
        attrs = {}
        if ch in falls:
            # An outline for drawing; at ground level and not obscuring, it never blocks a line.
            pt = sight_point(cs)
            space["pos"] = {"x": pt[0], "y": pt[1]}
            space["sight"] = {"point": pt, "outline": [list(p) for p in poly]}
            space["closed"] = True        # the kernel refuses to put anything on it
            attrs["waterfall"] = True
        else:
            pt = sight_point(cs)
            space["pos"] = {"x": pt[0], "y": pt[1]}
            sight = {"point": pt, "outline": [list(p) for p in poly]}
            if ch in spec["high"]:
                attrs["high"] = True
                sight["elevation"] = 1
            if ch in spec["cover"]:
                attrs["cover"] = True
                sight["obscures"] = True
            space["sight"] = sight
        if attrs:
            space["attrs"] = attrs
        spaces.append(space)

    board = {"id": spec["id"], "name": spec["name"], "sample": True, "spaces": spaces,
             "edges": edges, "walls": {"segments": segments}}
    check(board, spec, partial)
    return board


def order(label):
    return (label not in LETTERS, LETTERS.find(label), label)


# -- the requirements each board must meet -------------------------------------------------


def distance(board, a, b, kinds):
    adj = {}
    for e in board["edges"]:
        if e["kind"] in kinds:
            adj.setdefault(e["a"], []).append(e["b"])
            adj.setdefault(e["b"], []).append(e["a"])
    dist, todo = {a: 0}, deque([a])
    while todo:
        s = todo.popleft()
        for n in adj.get(s, []):
            if n not in dist:
                dist[n] = dist[s] + 1
                todo.append(n)
    return dist.get(b, -1)


def check(board, spec, partial):
    # A space both high and cover would need "obscures": false (the kernel's obscuring terrain
    # hides from its own level, while the LOS table lets only walls block high -> high); none is.
    assert not set(spec["high"]) & set(spec["cover"]), "a space both high ground and cover"
    ids = [str(i) for i in range(1, 41)]
    kinds = {}
    for e in board["edges"]:
        kinds.setdefault(e["kind"], set()).add((e["a"], e["b"]))
    border = kinds.get("border", set())
    for s in ids:
        assert any(s in pair for pair in border), f"space {s} has no border neighbour"
        assert all(distance(board, s, t, {"border"}) > 0 for t in ids if t != s), \
            f"space {s} does not reach every space over borders"
    n_cover = len(spec["cover"])
    assert 5 <= n_cover <= 8, "5 to 8 cover spaces"
    assert set(spec["high"]).isdisjoint(spec["cover"])
    assert kinds.get("wall") and partial >= 1, "walls, with at least one partial wall"
    falls = [s["id"] for s in board["spaces"] if s["id"].startswith("W")]
    if spec is CITY_BLOCKS:
        assert not spec["high"] and 2 <= len(falls) <= 3, "City Blocks: no high ground, 2-3 waterfalls"
        for w in falls:
            touching = {p for pair in kinds["waterfall"] if w in pair for p in pair if p != w}
            assert len(touching) >= 2, f"{w} touches fewer than 2 spaces"
        only_fall = [(a, b) for a in ids for b in ids if a < b
                     and distance(board, a, b, {"border", "waterfall"}) == 2
                     and distance(board, a, b, {"border"}) > 2]
        assert only_fall, "no pair of spaces is linked only through a waterfall"
    else:
        assert not falls and "waterfall" not in kinds
        high = {str(LETTERS.index(ch) + 1) for ch in spec["high"]}
        hh = [p for p in border if set(p) <= high]
        hn = [p for p in border if len(set(p) & high) == 1]
        assert hh and hn, "high spaces beside each other and normal spaces beside high ones"
        assert any(set(p) <= high for p in kinds["wall"]), "a wall between two high spaces"
        groups = 0   # balcony groups: high spaces joined by border or wall edges
        seen = set()
        for h in sorted(high):
            if h in seen:
                continue
            groups += 1
            todo = [h]
            while todo:
                s = todo.pop()
                if s in seen:
                    continue
                seen.add(s)
                todo += [t for pair in border | kinds["wall"] if s in pair for t in pair if t in high]
        assert groups >= 2, "at least two separate balcony groups"


def write(board, path):
    """One space, edge or wall segment a line: readable diffs, the same bytes on every run."""
    def one(v):
        return json.dumps(v, ensure_ascii=False)

    def block(items, indent):
        pad = " " * indent
        return "[\n" + ",\n".join(pad + one(x) for x in items) + "\n" + pad[:-1] + "]"

    head = ",\n".join(f" {one(k)}: {one(board[k])}" for k in ("id", "name", "sample"))
    text = ("{\n" + head + ",\n"
            + ' "spaces": ' + block(board["spaces"], 2) + ",\n"
            + ' "edges": ' + block(board["edges"], 2) + ",\n"
            + ' "walls": {"segments": ' + block(board["walls"]["segments"], 3) + "}\n}\n")
    assert json.loads(text) == board
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main():
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    for spec, file in ((CITY_BLOCKS, "helter_city_blocks.json"), (GRAND_HALL, "helter_grand_hall.json")):
        path = os.path.join(root, "maps", file)
        write(build(spec), path)
        print("wrote", os.path.relpath(path, root))


if __name__ == "__main__":
    main()
