// cards.h - the printed side of every card a bench duel can touch (Ashen, Frostwarden,
// Maneuver, the six universal bases, their specials, forms, tokens and status): the data
// of cards/battlecon/{fighters/ashen,fighters/frostwarden,bases/universal,maneuver}.lua.
// Their effects (the Lua handlers) are in effects.cpp.
#pragma once
#include <cstdint>

namespace ref {

enum class CardId : std::uint8_t {
    None,
    // Ashen (cards/battlecon/fighters/ashen.lua)
    AshenUA, Blaze, Smolder, Cinder, Flare, Ashfall, Brand, Inferno, Phoenix,
    // Frostwarden (cards/battlecon/fighters/frostwarden.lua)
    FrostUA, Ward, GlacierAura, Numbing, Glacial, Shard, Icicle, Chilled, Avalanche, Whiteout,
    // every fighter's (cards/battlecon/maneuver.lua, bases/universal.lua)
    Maneuver, Grasp, Dash, Strike, Charge, Ram, Dodge,
    Count
};
constexpr int kCards = static_cast<int>(CardId::Count);

enum class Kind : std::uint8_t { Ua, Form, SpecialCard, Token, Status, Style, Base, Special };

constexpr int kNone = -100;   // a printed NONE (§4.6)

struct CardDef {
    const char* name;
    Kind kind;
    int range_min, range_max, power, speed, defense;   // kNone = NONE
    bool power_fixed;          // the `*` mark on power (§4.4)
    bool stability;            // P4: stability in place of defense
    bool range_x;              // R5: an X range, distances 2 and 3 (Shard's cells)
    int bonus_power, bonus_defense, bonus_speed;        // while active/held (kit.apply_bonus)
};

const CardDef& def(CardId c);
inline bool is_pair_kind(CardId c) { return def(c).kind == Kind::Style || def(c).kind == Kind::Base; }

// A fighter's kit as setup.lua's kit_cards builds it (universal cards first).
struct Fighter {
    CardId ua;
    CardId styles[3];
    CardId base;
    CardId special[2];         // side A, side B
};
const Fighter& ashen();
const Fighter& frostwarden();

}  // namespace ref
