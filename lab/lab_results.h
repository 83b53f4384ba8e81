// lab_results.h - a lab run as files: results.json (counts, figures, provenance), results.csv
// (one row per pairing), and reading results.json back to merge shards.
//
// Contracts
//  - results.json holds everything a report needs: the exact command (without --workers,
//    --out and --shard, which do not change a single number), the game, scenario, engine and
//    script content hash, agent, seed, matches per pairing, the raw counts (lab_tally.h) and
//    the figures computed from them (lab_figures.h). The same command writes the same bytes
//    whatever --workers is.
//  - A shard's file carries "shard": {"index", "count"}; merging every shard of a run gives a
//    results.json equal, byte for byte, to the unsharded run's.
//  - Reading refuses, with the file and field named, a file that is not a lab result and
//    shards that do not belong together (another command or content hash, a shard missing or
//    given twice).
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lab_figures.h"
#include "lab_plan.h"
#include "lab_spec.h"
#include "lab_tally.h"

namespace duelbox {

struct LabMeta {
    std::string command;        // canonical: duelbox lab <target> --fighters .. --matches .. --seed .. --agent ..
    std::string game, scenario, content_hash, agent;
    std::string engine_hash;    // FNV-1a 64 of the running executable (engine_build_hash()); "" when unknown
    std::string unit_name = "unit";
    double wide_half_width = 0.10;
    Shard shard;                // whole() for an unsharded or merged run
    std::vector<RosterEntry> roster;   // the chosen fighters' names, keys and display names (plan order)
};

struct LabResult {
    LabMeta meta;
    LabPlan plan;
    LabTally tally;
};

nlohmann::json lab_result_json(const LabResult& r);
std::string lab_result_csv(const LabResult& r);

// Parses a results.json written by lab_result_json; throws std::runtime_error naming `file`
// and the field.
LabResult parse_lab_result(const nlohmann::json& j, const std::string& file);

// Adds up the shards of one run (each a parsed results.json with its file name). Throws
// std::runtime_error saying which file does not fit and why.
LabResult merge_lab_shards(const std::vector<std::pair<std::string, LabResult>>& shards);

// FNV-1a 64 of /proc/self/exe as 16 hex digits ("" when it cannot be read): which engine build
// made a result. Shards from different builds are not merged.
std::string engine_build_hash();

// Row entry a's score against entry b over both seat orders (a in seat 1 and in seat 2).
Rate matchup_score(const LabPlan& plan, const LabTally& tally, std::size_t a, std::size_t b, double wide);

}  // namespace duelbox
