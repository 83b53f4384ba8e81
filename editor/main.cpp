// main.cpp - duelbox-editor: the window, the frame loop, and the headless-test switches.
//
//   duelbox-editor [--root DIR] [--scenario FILE] [--open FILE] [--edit] [--teaching] [--at N]
//                  [--frames N] [--screenshot OUT.png] [--size WxH] [--stats] [--touch FILE]
//                  [--play SPEED] [--timeline-mb MB] [--lines N] [--changed-only] [--lab N]
//
// --frames N renders N frames and quits (with --screenshot, the last frame is written as a
// PNG: what the Xvfb test checks). --stats prints the CPU time per frame; --touch FILE appends
// a newline to FILE (relative to the root) after a few frames and prints how long until the
// rerun's result was on screen (the file is restored on exit). Without --frames the editor
// sleeps in glfwWaitEventsTimeout between events: no busy loop. --at N starts with the cursor
// after N events (and the script view on the line that produced the Nth). --play SPEED starts
// playing at SPEED events a second; --timeline-mb MB sets the time-travel snapshot budget
// (0 = none: travel reruns, as before snapshots; for before/after measurements).
// --lines N (with --teaching) presses "Step line" N times after --at: a Lua line highlighted.
// --changed-only ticks the Run panel's "changed only": after a rerun the log lists only the
// events it changed (for screenshots of a rerun). --lab N opens the Lab window and runs the
// lab with N matches per pairing; with --frames the last frame waits for it to finish.
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <GLFW/glfw3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "kernel/process_memory.h"
#include "model/png.h"
#include "ui/app.h"

using namespace duelbox::editor;

namespace {

struct Options {
    std::string root = DUELBOX_SOURCE_ROOT, scenario, open, screenshot, touch;
    int frames = -1, width = 1400, height = 860, at = -1, lines = 0;   // --lines N: teaching, N "Step line"s
    int lab = 0;                         // --lab N: open the Lab window, run N matches per pairing
    double play = 0, timeline_mb = -1;   // --play SPEED: start playing; --timeline-mb: the snapshot budget
    bool stats = false, teaching = false, edit = false, changed_only = false;
};

int usage(const char* why) {
    std::fprintf(stderr,
                 "%s\nusage: duelbox-editor [--root DIR] [--scenario FILE] [--open FILE] [--edit] [--teaching] [--at N] [--frames N]\n"
                 "                      [--screenshot OUT.png] [--size WxH] [--stats] [--touch FILE]\n"
                 "                      [--play SPEED] [--timeline-mb MB] [--lines N] [--changed-only] [--lab N]\n",
                 why);
    return 2;
}

bool screenshot(const std::string& path, int w, int h) {
    Image img;
    img.width = w;
    img.height = h;
    img.rgba.resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, img.rgba.data());
    // OpenGL's rows go bottom-up; PNG's top-down.
    const std::size_t row = static_cast<std::size_t>(w) * 4;
    for (int y = 0; y < h / 2; ++y)
        std::swap_ranges(img.rgba.begin() + static_cast<std::ptrdiff_t>(y * row), img.rgba.begin() + static_cast<std::ptrdiff_t>((y + 1) * row),
                         img.rgba.begin() + static_cast<std::ptrdiff_t>((h - 1 - y) * row));
    std::string error;
    if (!write_png(path, img, error)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return false;
    }
    return true;
}

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

// Input arrived: draw a few frames (ImGui settles hover and focus over two or three). These are
// installed before ImGui's, which chains to them.
int g_redraw = 3;
void on_input(GLFWwindow*) { g_redraw = 3; }
void install_wake_callbacks(GLFWwindow* w) {
    glfwSetCursorPosCallback(w, [](GLFWwindow* x, double, double) { on_input(x); });
    glfwSetMouseButtonCallback(w, [](GLFWwindow* x, int, int, int) { on_input(x); });
    glfwSetScrollCallback(w, [](GLFWwindow* x, double, double) { on_input(x); });
    glfwSetKeyCallback(w, [](GLFWwindow* x, int, int, int, int) { on_input(x); });
    glfwSetCharCallback(w, [](GLFWwindow* x, unsigned int) { on_input(x); });
    glfwSetWindowFocusCallback(w, [](GLFWwindow* x, int) { on_input(x); });
    glfwSetCursorEnterCallback(w, [](GLFWwindow* x, int) { on_input(x); });
    glfwSetFramebufferSizeCallback(w, [](GLFWwindow* x, int, int) { on_input(x); });
    glfwSetWindowRefreshCallback(w, [](GLFWwindow* x) { on_input(x); });
}

}  // namespace

int main(int argc, char** argv) {
    duelbox::keep_freed_memory();   // each rerun reuses the memory the run it replaced freed
    Options opt;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
        if (a == "--root") opt.root = next();
        else if (a == "--scenario") opt.scenario = next();
        else if (a == "--open") opt.open = next();
        else if (a == "--screenshot") opt.screenshot = next();
        else if (a == "--touch") opt.touch = next();
        else if (a == "--frames") opt.frames = std::atoi(next().c_str());
        else if (a == "--stats") opt.stats = true;
        else if (a == "--teaching") opt.teaching = true;
        else if (a == "--edit") opt.edit = true;
        else if (a == "--changed-only") opt.changed_only = true;
        else if (a == "--lab") opt.lab = std::atoi(next().c_str());
        else if (a == "--at") opt.at = std::atoi(next().c_str());
        else if (a == "--lines") opt.lines = std::atoi(next().c_str());
        else if (a == "--play") opt.play = std::atof(next().c_str());
        else if (a == "--timeline-mb") opt.timeline_mb = std::atof(next().c_str());
        else if (a == "--size") {
            if (std::sscanf(next().c_str(), "%dx%d", &opt.width, &opt.height) != 2) return usage("--size wants WxH");
        } else if (a == "--help" || a == "-h") return usage("duelbox-editor: the Duelbox editor");
        else return usage(("unknown argument: " + a).c_str());
    }

    glfwSetErrorCallback([](int code, const char* text) { std::fprintf(stderr, "glfw error %d: %s\n", code, text); });
    if (!glfwInit()) return 1;
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    GLFWwindow* window = glfwCreateWindow(opt.width, opt.height, "Duelbox editor", nullptr, nullptr);
    if (!window) {
        std::fprintf(stderr, "duelbox-editor: cannot open a window with OpenGL 3.0 (is DISPLAY set? try xvfb-run)\n");
        glfwTerminate();
        return 1;
    }
    glfwMakeContextCurrent(window);
    glfwSwapInterval(opt.frames > 0 ? 0 : 1);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;   // the layout is fixed; no imgui.ini next to the user's files
    ImGui::StyleColorsDark();
    // Rule texts use "§" and "—" (and Russian names may appear): ImGui's built-in font has
    // neither, so use DejaVu Sans Mono when the system has it; otherwise the built-in font.
    static const ImWchar ranges[] = {0x0020, 0x00FF, 0x0400, 0x04FF, 0x2010, 0x205E, 0x2190, 0x21FF, 0};
    const char* font = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
    if (std::filesystem::exists(font)) ImGui::GetIO().Fonts->AddFontFromFileTTF(font, 15.0f, nullptr, ranges);
    install_wake_callbacks(window);
    FileWatch::set_wake(glfwPostEmptyEvent);   // a save wakes the loop at once (file_watch.h)
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 130");

    App app;
    app.default_root = opt.root;
    app.catalog = scan_catalog(opt.root);
    app.teaching = opt.teaching;
    app.changed_only = opt.changed_only;
    // 0 MB keeps no snapshots: travel reruns as before the timeline (for measurements).
    if (opt.timeline_mb >= 0) app.session.set_timeline_budget(static_cast<std::size_t>(opt.timeline_mb * 1048576));
    if (!opt.scenario.empty()) app.open_scenario(opt.scenario);
    if (app.teaching && app.session.is_open()) app.session.travel(0);
    if (opt.at >= 0 && app.session.is_open() && opt.at > 0) {
        const auto t0 = std::chrono::steady_clock::now();
        app.jump_to_event(static_cast<std::size_t>(opt.at - 1));
        if (opt.stats)
            std::printf("travel to %d: %.2f ms (reruns for travel: %zu)\n", opt.at,
                        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count(),
                        app.session.reruns_for_travel());
    }
    if (!opt.open.empty() && app.session.is_open()) app.jump_to(opt.open + ":1");
    for (int k = 0; k < opt.lines && app.teaching && app.session.is_open(); ++k) step_teaching_line(app, +1);
    app.select_edit = opt.edit;   // --edit: the script in the text box rather than the line view
    if (opt.play > 0 && app.session.is_open()) {
        app.play_speed = static_cast<float>(opt.play);
        app.session.set_playing(true);
    }

    if (opt.lab > 0 && app.session.is_open()) {
        app.show_lab = true;
        app.lab_matches = opt.lab;
        refresh_lab_roster(app);
        start_lab(app);
    }

    std::string touched_original;
    std::filesystem::path touched;
    std::chrono::steady_clock::time_point touch_time;
    int touch_generation = -1;
    double touch_ms = -1;

    double cpu_total = 0, cpu_max = 0;   // a Play that stutters shows in the max
    int frames = 0;
    auto last = std::chrono::steady_clock::now();
    while (!glfwWindowShouldClose(window) || !app.want_quit(window)) {
        if (app.quit_now) break;
        // Sleep until something happens; wake ten times a second to poll files, and at the
        // frame rate only while playing. A wake-up that changed nothing draws nothing.
        if (opt.frames > 0) glfwPollEvents();
        else glfwWaitEventsTimeout(app.session.playing() ? 1.0 / 60 : 0.1);
        const double cpu0 = cpu_seconds();
        const auto now = std::chrono::steady_clock::now();
        const int generation = app.session.generation(), lab_generation = app.lab.generation();
        const std::string status = app.status;
        app.tick(std::chrono::duration<double>(now - last).count());
        last = now;
        if (generation != app.session.generation() || status != app.status || app.session.playing() ||
            app.lab.running() || lab_generation != app.lab.generation())
            g_redraw = 3;
        if (opt.frames <= 0 && g_redraw <= 0 && touch_generation < 0) continue;
        --g_redraw;

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        int w = 0, h = 0;
        glfwGetFramebufferSize(window, &w, &h);
        draw_layout(app, static_cast<float>(w), static_cast<float>(h));
        ImGui::Render();
        glViewport(0, 0, w, h);
        glClearColor(0.10f, 0.11f, 0.13f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        ++frames;
        if (frames > 2) {   // the first frames build the font atlas
            cpu_total += cpu_seconds() - cpu0;
            cpu_max = std::max(cpu_max, cpu_seconds() - cpu0);
        }

        if (!opt.touch.empty() && app.session.is_open()) {
            if (touch_generation >= 0 && touch_ms < 0 && app.session.generation() != touch_generation) {
                glFinish();   // the frame showing the rerun is drawn
                touch_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - touch_time).count();
            }
        }
        const bool last_frame = opt.frames > 0 && frames >= opt.frames && !app.lab.running();
        if (last_frame && !opt.screenshot.empty() && !screenshot(opt.screenshot, w, h)) return 1;
        glfwSwapBuffers(window);
        if (last_frame) break;
        if (!opt.touch.empty() && app.session.is_open() && frames == 5) {
            // An outside editor saves (a newline appended) while this one is idle: the frame
            // before is on screen, so the clock counts noticing, rerunning and one frame.
            glFinish();
            touched = std::filesystem::path(app.session.scenario().root) / opt.touch;
            std::ifstream in(touched, std::ios::binary);
            std::ostringstream s;
            s << in.rdbuf();
            touched_original = s.str();
            touch_generation = app.session.generation();
            touch_time = std::chrono::steady_clock::now();
            std::ofstream(touched, std::ios::binary | std::ios::trunc) << touched_original << "\n";
        }
    }
    if (!touched.empty()) std::ofstream(touched, std::ios::binary | std::ios::trunc) << touched_original;
    if (opt.stats)
        std::printf("frames %d, cpu %.3f ms/frame (after the first 2; max %.1f ms), events %zu, reruns for travel %zu\n",
                    frames, frames > 2 ? 1000.0 * cpu_total / (frames - 2) : 0.0, 1000.0 * cpu_max,
                    app.session.is_open() ? app.session.tip() : 0,
                    app.session.is_open() ? app.session.reruns_for_travel() : 0);
    if (!opt.touch.empty())
        std::printf("save-to-screen %.1f ms (of which the rerun %.1f ms; the rest is noticing the save and drawing a frame)\n",
                    touch_ms, app.last_rerun_ms);

    ImGui_ImplOpenGL3_Shutdown();
    FileWatch::set_wake(nullptr);   // a save from now on must not wake a window that is going away
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(window);
    glfwTerminate();
    return 0;
}
