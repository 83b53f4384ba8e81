// board.h - one graph model for every board: a line of spaces, a map of spaces with
// coloured regions, areas with borders and walls.
//
// The board is pure geometry and graph algorithms. It does not know who stands where:
// callers pass predicates ("is this space blocked for me?"), and the Match wires those
// to the zones that hold figures. That keeps every algorithm here testable alone.
//
// Contracts
//  - Spaces are numbered 1..space_count() in the order they were added; names are unique.
//  - Edges are undirected and carry a kind ("border" by default; "wall", "waterfall",
//    ... are just other kinds that a search may include or not).
//  - Regions are the coloured zones of a map ("RED"); a space may be in several. They
//    are called regions here because "zone" is the kernel's word for a container.
//  - A line board is a graph whose spaces also have a line order (line_index 1..N);
//    the line words below need one.
//  - Line of sight: every pair sees but the blocked (from, to) pairs a map lists (set_los).
//    Stored sparse, as sorted pairs: its size follows what the map gives, never spaces^2.
//    Adding a space drops the list (it was made for the old spaces), so set it last.
//  - Building is O(N log N) in spaces and edges: names are found through an index.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ids.h"
#include "sight.h"
#include "value.h"

namespace duelbox {

struct Space {
    SpaceId id = kNoSpace;
    std::string name;
    std::vector<std::string> regions;                    // sorted, unique
    std::vector<std::pair<std::string, Value>> attrs;    // sorted by key ("high", "cover", "capacity")
    double x = 0, y = 0;                                 // layout for drawing only; rules never read it
    std::vector<Point> outline;                          // its shape, for drawing only (a map's sight outline); may be empty
    // The map's sight terrain (spaces[i].sight): sight is computed from it at load (sight.h);
    // kept so a game can check its own terrain attributes against it (board.terrain).
    bool has_sight = false;                              // the map gives this space a "sight" entry
    int elevation = 0;
    bool obscures = false;
    int line_index = 0;                                  // 1..N on a line board, else 0
    int start = 0;                                       // start-space number, 0 = none
    bool closed = false;                                 // nothing may stand here (a pseudo-space: a move may cross it, never end on it)

    const Value& attr(std::string_view key) const;       // Nil when absent
};

struct Edge {
    SpaceId a = kNoSpace, b = kNoSpace;
    std::string kind = "border";
};

// What a search may do at each space. Unset functions mean "always yes".
struct StepRules {
    std::vector<std::string> edge_kinds{"border"};       // edges a step may use; empty = any kind
    std::function<bool(SpaceId from, SpaceId to)> can_step;  // e.g. no climbing onto high ground
    std::function<bool(SpaceId)> can_pass;               // may move through (not stop): allies yes, enemies no
    std::function<bool(SpaceId)> can_stop;               // may end the move here: empty of figures
};

// {"border"}: the edge kinds a step uses unless told otherwise, one list for every caller (a
// default argument `= {"border"}` would build a vector and a string on every call).
const std::vector<std::string>& border_kinds();

struct Reach {
    SpaceId space = kNoSpace;
    int steps = 0;                                       // fewest steps to get there
};

class Board {
public:
    // -- building ------------------------------------------------------------------
    SpaceId add_space(std::string name);                 // returns the new id (1-based); kNoSpace if the name is empty or taken
    // false on self-loop/duplicate/unknown. A duplicate is the same pair with the same kind: a pair may
    // carry a "border" and a "wall" at once (a partial wall), and still counts once as a neighbour.
    bool add_edge(SpaceId a, SpaceId b, std::string kind = "border");
    void add_region(SpaceId s, std::string region);
    void set_attr(SpaceId s, std::string key, Value v);
    void make_line(int length);                          // spaces "1".."N" joined in a row, line_index set; on an empty board
    // The (from, to) pairs that do not see; every other pair does. Unknown spaces are ignored.
    void set_los(std::vector<std::pair<SpaceId, SpaceId>> blocked);
    // The walls as drawn (a map's sight walls): for a viewer only; sight already accounts for them.
    void set_walls(std::vector<std::pair<Point, Point>> segments, std::vector<std::vector<Point>> polygons) {
        wall_segments_ = std::move(segments);
        wall_polygons_ = std::move(polygons);
    }

    // -- queries ---------------------------------------------------------------------
    int space_count() const { return static_cast<int>(spaces_.size()); }
    bool valid(SpaceId s) const { return s >= 1 && s <= spaces_.size(); }
    const Space& space(SpaceId s) const { return spaces_[s - 1]; }
    Space& space_mut(SpaceId s) {   // a space changed in place may change its capacity: worked out again
        capacities_.clear();
        return spaces_[s - 1];
    }
    // How many figures may stand on space s at once: 0 when closed, else its "capacity"
    // attribute (an integer), 1 without one. Kept per board (a search asks it of every space it
    // reaches), worked out again after any change to a space.
    std::int64_t capacity(SpaceId s) const;
    SpaceId find(std::string_view name) const;           // kNoSpace when absent
    const std::vector<Edge>& edges() const { return edges_; }
    std::vector<SpaceId> neighbours(SpaceId s, const std::vector<std::string>& kinds = {"border"}) const;
    bool adjacent(SpaceId a, SpaceId b, const std::vector<std::string>& kinds = {"border"}) const;
    bool in_region(SpaceId s, std::string_view region) const;
    bool share_region(SpaceId a, SpaceId b) const;       // any region in common
    std::vector<SpaceId> region_spaces(std::string_view region) const;
    std::vector<std::string> regions() const;            // every region name, sorted
    bool has_los(SpaceId a, SpaceId b) const;
    std::size_t los_entries() const { return los_blocked_.size(); }   // blocked pairs stored
    const std::vector<std::pair<Point, Point>>& wall_segments() const { return wall_segments_; }
    const std::vector<std::vector<Point>>& wall_polygons() const { return wall_polygons_; }

    // Fewest steps between two spaces over the given edge kinds, ignoring figures; -1 if unreachable.
    int distance(SpaceId a, SpaceId b, const std::vector<std::string>& kinds = {"border"}) const;
    // distance(a, t, kinds) for every space t at once (index t - 1), from one search: what a
    // question about many targets asks (spaces in sight within n steps).
    std::vector<int> distances_from(SpaceId a, const std::vector<std::string>& kinds = {"border"}) const;
    // Every space reachable in 1..max_steps steps where the mover may stop, with its step count,
    // sorted by space id. Passing through needs can_pass; ending needs can_stop. The origin is not listed.
    std::vector<Reach> reachable(SpaceId from, int max_steps, const StepRules& rules) const;
    // A shortest legal path from -> to (both included), or empty if none within max_steps (-1 = any).
    // Legal as in reachable(): `to` needs can_stop, the spaces between need can_pass. Among equal
    // paths the one that takes the lowest neighbour id first wins. path(s, s) is {s}.
    std::vector<SpaceId> path(SpaceId from, SpaceId to, const StepRules& rules, int max_steps = -1) const;

    // The search reachable() and path() make, kept by a caller that asks both of one position
    // (the spaces a figure may move to, then the path to the one chosen): search() fills `out`
    // (its storage reused), reach_in() and path_in() answer from it as reachable() and path()
    // would for the same from, max_steps and rules.
    struct Search {
        std::vector<int> steps;        // per space: fewest legal steps from the origin, -1 = not reached
        std::vector<SpaceId> parent;   // per space: the space it was first reached from
        std::vector<SpaceId> queue;    // the search's work list, kept for its storage
    };
    void search(SpaceId from, int max_steps, const StepRules& rules, Search& out) const;
    std::vector<Reach> reach_in(const Search& found, SpaceId from, const StepRules& rules) const;
    std::vector<SpaceId> path_in(const Search& found, SpaceId to) const;   // `to` reached in 1 step or more

    // -- line boards -----------------------------------------------------------------
    bool is_line() const { return !line_.empty(); }
    int line_length() const { return static_cast<int>(line_.size()); }
    SpaceId at_line(int index) const;                    // kNoSpace when off the board
    int line_distance(SpaceId a, SpaceId b) const;       // |index(a) - index(b)|

private:
    // Searches step through adjacency_ with the allowed edge kinds as a bit mask (kinds are
    // numbered in first-use order), so a step neither allocates nor compares strings.
    using KindMask = std::uint64_t;
    KindMask kind_mask(const std::vector<std::string>& kinds) const;   // all ones = any kind
    // Fewest steps from a to each space (-1 = unreachable), stopping once `stop` is reached.
    std::vector<int> steps_from(SpaceId a, SpaceId stop, const std::vector<std::string>& kinds) const;
    bool edge_allowed(std::uint32_t e, KindMask mask, const std::vector<std::string>& kinds) const;

    std::vector<Space> spaces_;
    mutable std::vector<std::int64_t> capacities_;      // capacity(), per space; empty = not worked out yet
    std::vector<Edge> edges_;
    std::vector<std::string> kind_names_;                // every edge kind, in first-use order
    std::vector<std::uint32_t> edge_kind_;               // per edge: its index in kind_names_
    std::vector<std::vector<std::pair<SpaceId, std::uint32_t>>> adjacency_;  // per space: (neighbour, edge index)
    std::vector<SpaceId> line_;                          // line order, index 0 = line_index 1
    std::vector<std::pair<SpaceId, SpaceId>> los_blocked_;  // sorted, unique
    std::vector<std::pair<Point, Point>> wall_segments_;    // drawing only
    std::vector<std::vector<Point>> wall_polygons_;         // drawing only
    struct NameHash {                                    // lets find() look up a string_view as is
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::unordered_map<std::string, SpaceId, NameHash, std::equal_to<>> by_name_;   // find(); looked up, never walked
};

// -- line words --------------------------------------------------------------------------
// Movement along a line with jump-over: a space holding a figure is jumped and not counted;
// a mover never stops on one. All-or-nothing: if the full count cannot be made the move is
// illegal and nothing moves (close is the exception: it shortens, never passing the target).

enum class LineWord { Advance, Retreat, Pull, Push, Close };
const char* line_word_name(LineWord w);
bool parse_line_word(std::string_view s, LineWord& out);   // "advance" | "retreat" | "pull" | "push" | "close"

struct LineMove {
    bool legal = false;             // false = the effect is ignored entirely
    SpaceId from = kNoSpace;
    SpaceId to = kNoSpace;          // == from when legal but zero distance (a close of 0), and when illegal
    int direction = 0;              // +1 / -1 along the line
    bool passed_reference = false;  // ended on the other side of the reference figure
    const char* why = "";           // why it is illegal: "off the board", ...
};

// `mover_at`: where the moving figure stands. `reference_at`: the other figure the word is
// relative to (the opponent for advance/retreat/close; the puller/pusher for pull/push).
// `occupied(s)`: a figure other than the mover stands on s.
LineMove line_move(const Board& board, LineWord word, SpaceId mover_at, SpaceId reference_at, int n,
                   const std::function<bool(SpaceId)>& occupied);

// The spec's `path(p, dir, n)` primitive, with no reference figure: n counted steps in `direction`
// (+1 / -1), jumping occupied spaces, all-or-nothing. Added for things that move by a direction rather
// than relative to a figure (a marker moved "1 to the right"). passed_reference is always false.
LineMove line_steps(const Board& board, SpaceId from, int direction, int n,
                    const std::function<bool(SpaceId)>& occupied);

struct Teleport {
    bool legal = false;
    SpaceId from = kNoSpace, to = kNoSpace;   // to == from when illegal (nothing moves)
    LineWord counts_as = LineWord::Advance;   // advance if `to` is on the reference's side, else retreat
    bool passed_reference = false;
    const char* why = "";
};
Teleport line_teleport(const Board& board, SpaceId mover_at, SpaceId reference_at, SpaceId to,
                       const std::function<bool(SpaceId)>& occupied);

}  // namespace duelbox
