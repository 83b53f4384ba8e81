// cards.cpp - the card table. Numbers copied from the card files (all SAMPLE CONTENT).
#include "cards.h"

namespace ref {

namespace {
constexpr int N = kNone;
// name, kind, range min/max, power, speed, defense, power*, stability, X range, bonus p/d/s
constexpr CardDef kTable[kCards] = {
    {"-", Kind::Token, 0, 0, 0, 0, 0, false, false, false, 0, 0, 0},
    {"Ashen", Kind::Ua, 0, 0, 0, 0, 0, false, false, false, 0, 0, 0},
    {"Blaze", Kind::Form, 0, 0, 0, 0, 0, false, false, false, 1, 0, 0},
    {"Smolder", Kind::Form, 0, 0, 0, 0, 0, false, false, false, 0, 1, 0},
    {"Cinder", Kind::Style, 1, 2, 1, 1, 0, false, false, false, 0, 0, 0},
    {"Flare", Kind::Style, 0, 1, 2, 0, 0, false, false, false, 0, 0, 0},
    {"Ashfall", Kind::Style, 1, 1, 0, 2, 1, false, false, false, 0, 0, 0},
    {"Brand", Kind::Base, 1, 2, 3, 3, 2, false, false, false, 0, 0, 0},
    {"Inferno", Kind::Special, 1, 3, 6, 6, 0, false, false, false, 0, 0, 0},
    {"Phoenix", Kind::Special, 1, 2, 4, 4, 0, false, true, false, 0, 0, 0},
    {"Frostwarden", Kind::Ua, 0, 0, 0, 0, 0, false, false, false, 0, 0, 0},
    {"Ward", Kind::Token, 0, 0, 0, 0, 0, false, false, false, 0, 0, 0},
    {"Glacier Aura", Kind::SpecialCard, 0, 0, 0, 0, 0, false, false, false, 0, 1, 0},
    {"Numbing", Kind::Style, 0, 1, 1, 0, 1, false, false, false, 0, 0, 0},
    {"Glacial", Kind::Style, 1, 2, 0, -1, 2, false, false, false, 0, 0, 0},
    {"Shard", Kind::Style, 0, 0, 2, 1, 0, false, false, true, 0, 0, 0},
    {"Icicle", Kind::Base, 2, 3, 3, 3, 1, false, false, false, 0, 0, 0},
    {"Chilled", Kind::Status, 0, 0, 0, 0, 0, false, false, false, 0, 0, -1},
    {"Avalanche", Kind::Special, 1, 2, 5, 5, 3, true, false, false, 0, 0, 0},
    {"Whiteout", Kind::Special, 1, 4, 3, 8, 0, false, false, false, 0, 0, 0},
    {"Maneuver", Kind::Style, 0, 0, 0, 0, 0, false, false, false, 0, 0, 0},
    {"Grasp", Kind::Base, 1, 1, 2, 5, 0, false, false, false, 0, 0, 0},
    {"Dash", Kind::Base, 1, 1, 3, 4, 0, false, false, false, 0, 0, 0},
    {"Strike", Kind::Base, 1, 1, 4, 3, 3, false, false, false, 0, 0, 0},
    {"Charge", Kind::Base, 1, 3, 2, 2, 1, false, false, false, 0, 0, 0},
    {"Ram", Kind::Base, 1, 1, 5, 1, 0, false, true, false, 0, 0, 0},
    {"Dodge", Kind::Base, N, N, N, 6, 0, false, false, false, 0, 0, 0},
};

constexpr Fighter kAshen{CardId::AshenUA,
                         {CardId::Cinder, CardId::Flare, CardId::Ashfall},
                         CardId::Brand,
                         {CardId::Inferno, CardId::Phoenix}};
constexpr Fighter kFrostwarden{CardId::FrostUA,
                               {CardId::Numbing, CardId::Glacial, CardId::Shard},
                               CardId::Icicle,
                               {CardId::Avalanche, CardId::Whiteout}};
}  // namespace

const CardDef& def(CardId c) { return kTable[static_cast<int>(c)]; }
const Fighter& ashen() { return kAshen; }
const Fighter& frostwarden() { return kFrostwarden; }

}  // namespace ref
