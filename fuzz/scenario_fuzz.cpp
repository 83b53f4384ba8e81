// Fuzzes the scenario loader: any bytes either parse or raise ScenarioError naming the file.
#include <cstddef>
#include <cstdint>
#include <string>

#include "scenario/json_fields.h"
#include "scenario/scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const auto j = duelbox::fields::parse_json_text(text, "fuzz.json");
        const duelbox::Scenario s = duelbox::parse_scenario(j, "fuzz.json", "/");
        (void)duelbox::parse_scenario(duelbox::scenario_to_json(s), "fuzz.json", "/");   // round trip
    } catch (const duelbox::ScenarioError&) {
    }
    return 0;
}
