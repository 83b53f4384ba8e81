// Fuzzes the map loader: any bytes either parse or raise ScenarioError naming the file.
#include <cstddef>
#include <cstdint>
#include <string>

#include "scenario/json_fields.h"
#include "scenario/map_file.h"
#include "scenario/scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        (void)duelbox::parse_map(duelbox::fields::parse_json_text(text, "fuzz.json"), "fuzz.json");
    } catch (const duelbox::ScenarioError&) {
    }
    return 0;
}
