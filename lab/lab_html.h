// lab_html.h - report.html: a lab run for a designer's eyes, in one self-contained file.
//
// Inline SVG and CSS only: no script, no network, no font or library to fetch, so the file
// opens anywhere and can be mailed or archived with the run. It shows the pairing heat map
// (each cell: the row side's score against the column side over both seat orders, its 95%
// interval in the cell's tooltip, wide intervals hatched), per-fighter scores as bars with
// their intervals, the match-length histogram, the card-impact table and the provenance
// (command, content hash, seeds).
#pragma once
#include <string>

#include "lab_results.h"

namespace duelbox {

std::string lab_report_html(const LabResult& r);

}  // namespace duelbox
