// table_layout_test.cpp - the table conventions a game declares for the editor's board panel
// (game.lua `table_view`, editor/model/table_layout.h): the squad battle's tapped cards,
// attachments and numbered squad rows; nothing for a game that declares none.
#include <catch2/catch.hpp>

#include "lua/host.h"
#include "model/table_layout.h"

using namespace duelbox;
using namespace duelbox::editor;

TEST_CASE("editor: a game's table_view names its turned prop, attachment zones and row zones", "[editor][table]") {
    LuaHost host;
    std::vector<std::string> errors;
    REQUIRE(host.load_game(DUELBOX_SOURCE_ROOT, "squad", errors));
    const int top = lua_gettop(host.state());
    const TableLayout layout = read_table_layout(host);
    CHECK(lua_gettop(host.state()) == top);   // the Lua stack is left as it was
    CHECK(layout.turned == "tapped");
    CHECK(layout.attached == "gear:");
    CHECK(layout.rows == std::vector<std::string>{"space", "ground"});
    CHECK(layout.together == std::vector<std::string>{"space", "ground"});
    CHECK(layout.drawn_together("space"));
    CHECK_FALSE(layout.drawn_together("hand"));
    CHECK(layout.numbered("ground"));
    CHECK_FALSE(layout.numbered("base_area"));
    CHECK(layout.attachment_zone("gear:17"));
    CHECK_FALSE(layout.attachment_zone("ground"));

    LuaHost other;
    REQUIRE(other.load_game(DUELBOX_SOURCE_ROOT, "tagteam", errors));
    const TableLayout none = read_table_layout(other);
    CHECK(none.turned.empty());
    CHECK(none.attached.empty());
    CHECK(none.rows.empty());
    CHECK(none.together.empty());
    CHECK_FALSE(none.attachment_zone("gear:1"));
}
