// ids.h - integer handles used everywhere in the kernel.
//
// Ids are dense indices into the Match's tables; 0 is never a valid id so a
// default-constructed handle reads as "none" (and Lua sees nil-able integers).
#pragma once
#include <cstdint>

namespace duelbox {

using EntityId = std::uint32_t;     // a card, figure, token, marker or player
using ZoneId = std::uint32_t;       // an ordered container of entities
using SpaceId = std::uint32_t;      // a node of the board graph (1-based)
using HandlerId = std::uint32_t;    // a registered timing-window handler
using EffectId = std::uint32_t;     // a modifier or a prohibition
using PlayerIndex = int;            // 0-based seat; kNoPlayer when none
using PlayerMask = std::uint32_t;   // bit p set = player p may see it

constexpr EntityId kNoEntity = 0;
constexpr ZoneId kNoZone = 0;
constexpr SpaceId kNoSpace = 0;
constexpr PlayerIndex kNoPlayer = -1;
constexpr int kMaxPlayers = 16;
constexpr PlayerMask kEveryone = 0xFFFFFFFFu;
constexpr PlayerMask kNobody = 0;

constexpr PlayerMask mask_of(PlayerIndex p) { return p < 0 ? kNobody : (PlayerMask{1} << p); }
constexpr bool mask_has(PlayerMask m, PlayerIndex p) { return p >= 0 && (m & mask_of(p)) != 0; }

}  // namespace duelbox
