// mod_manifest.cpp - see mod_manifest.h.
#include "mod_manifest.h"

#include <filesystem>

#include "json_fields.h"
#include "kernel/printable.h"
#include "scenario.h"

namespace duelbox {

using nlohmann::json;
using fields::ObjectReader;

namespace {

std::string read_name(const json& v, const std::string& path) {
    bool ok = v.is_string() && !v.get_ref<const std::string&>().empty();
    if (ok)
        for (char c : v.get_ref<const std::string&>())
            ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-');
    if (!ok) fields::expected(path, "a name of lowercase letters, digits, '_' and '-'", v);
    return v.get<std::string>();
}

// {name: {min, max, values}} for one declaration list.
void check_limits(const json& v, const std::string& path) {
    const json obj = fields::read_object(v, path);
    for (const auto& [name, spec] : obj.items()) {
        ObjectReader r(spec, fields::join(path, name), {"min", "max", "values"});
        const json* min = r.find("min");
        const json* max = r.find("max");
        if (min && !min->is_number()) fields::expected(r.path("min"), "a number", *min);
        if (max && !max->is_number()) fields::expected(r.path("max"), "a number", *max);
        if (min && max && min->get<double>() > max->get<double>())   // no value would be allowed
            fields::fail(r.path("min"), "is above max (" + fields::describe(*min) + " > " + fields::describe(*max) + ")");
        if (auto* f = r.find("values")) {
            const json list = fields::read_array(*f, r.path("values"));
            if (list.empty()) fields::fail(r.path("values"), "is empty: no value would be allowed");
            // A list of allowed values of one kind: a number limit lists numbers, a text one texts.
            for (std::size_t i = 0; i < list.size(); ++i)
                if (list[i].is_number() != list[0].is_number() || list[i].is_string() != list[0].is_string() ||
                    !(list[i].is_number() || list[i].is_string() || list[i].is_boolean()))
                    fields::expected(fields::index(r.path("values"), i), "a value of the same kind as values[0] (a number, text or true/false)",
                                     list[i]);
            if ((min || max) && !list[0].is_number())
                fields::fail(r.path("values"), "lists " + fields::describe(list[0]) + " beside min/max: a range is of numbers");
        }
    }
}

}  // namespace

namespace {

// Reads dir/mod.json. `errors` null: throws at the first problem (load_mod). Else each
// section's problem is added to it and that section is left empty, so every problem of the
// file is found in one go (load_mod_checking); only an unreadable file, or a name or game that
// cannot be read, still throws.
ModManifest read_mod(const std::string& dir, std::vector<std::string>* errors) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path folder = fs::weakly_canonical(fs::absolute(dir, ec), ec);
    const std::string file = (folder / "mod.json").string();
    // A mod.json linked to a file outside its folder is not read: a shared mod's link to one of
    // the user's own JSON files would show its field names in `check`'s messages (as its Lua
    // files, which must lie inside the folder too: host.cpp).
    if (fs::is_symlink(file, ec)) {
        const fs::path target = fs::weakly_canonical(file, ec);
        const auto rel = target.lexically_relative(folder);
        if (ec || rel.empty() || *rel.begin() == "..")
            throw ScenarioError(file + ": a link to a file outside the mod's folder (" + printable_name(target.string()) +
                                "): a mod's files must lie inside it");
    }
    const json j = fields::load_json_file(file);   // (its errors name the file already)
    const auto section = [&](auto&& read) {
        if (!errors) return fields::with_file(file, read);
        try {
            fields::with_file(file, read);
        } catch (const ScenarioError& e) {
            errors->push_back(e.what());
        }
    };
    ModManifest m;
    m.dir = folder.string();
    if (!j.is_object()) fields::with_file(file, [&] { fields::expected("", "an object", j); });
    // Unknown top-level fields are one problem among the others (a typo'd "patches").
    section([&] { ObjectReader(j, "", {"name", "game", "version", "description", "overrides", "options", "limits", "patch"}); });
    const auto field = [&j](const char* key) -> const json* {
        const auto it = j.find(key);
        return it == j.end() ? nullptr : &*it;
    };
    const auto required = [&](const char* key) -> const json& {
        if (const json* f = field(key)) return *f;
        throw ScenarioError(std::string(key) + ": required field is missing");
    };
    fields::with_file(file, [&] {   // without a name and a game nothing else can be checked
        m.name = read_name(required("name"), "name");
        m.game = read_name(required("game"), "game");
    });
    section([&] { m.version = fields::read_nonempty_string(required("version"), "version"); });
    section([&] {
        if (const json* f = field("description")) m.description = fields::read_string(*f, "description");
    });
    section([&] {
        const json* f = field("overrides");
        if (!f) return;
        ObjectReader o(*f, "overrides", {"cards", "modules"});
        if (auto* c = o.find("cards")) m.override_cards = fields::read_string_list(*c, o.path("cards"));
        if (auto* c = o.find("modules")) m.override_modules = fields::read_string_list(*c, o.path("modules"));
    });
    section([&] {
        const json* f = field("options");
        if (!f) return;
        json options = fields::read_object(*f, "options");
        fields::check_script_values(options, "options");
        m.options = std::move(options);
    });
    section([&] {
        const json* f = field("limits");
        if (!f) return;
        ObjectReader l(*f, "limits", {"seat_keys", "setup_keys", "options"});
        for (const char* k : {"seat_keys", "setup_keys", "options"})
            if (auto* g = l.find(k)) check_limits(*g, l.path(k));
        fields::check_script_values(*f, "limits");
        m.limits = *f;
    });
    section([&] {
        const json* f = field("patch");
        if (!f) return;
        json patch = fields::read_object(*f, "patch");
        fields::check_script_values(patch, "patch");
        for (const auto& [key, fields_to_merge] : patch.items())
            if (!fields_to_merge.is_object()) fields::expected(fields::join("patch", key), "an object of fields to merge", fields_to_merge);
        m.patch = std::move(patch);
    });
    return m;
}

}  // namespace

ModManifest load_mod(const std::string& dir) { return read_mod(dir, nullptr); }

ModManifest load_mod_checking(const std::string& dir, std::vector<std::string>& errors) { return read_mod(dir, &errors); }

json mod_to_json(const ModManifest& m) {
    json j = {{"name", m.name}, {"game", m.game}, {"version", m.version}};
    if (!m.description.empty()) j["description"] = m.description;
    return j;
}

}  // namespace duelbox
