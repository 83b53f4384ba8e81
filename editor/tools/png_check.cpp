// png_check.cpp - the screenshot test's judge: the PNG exists, has the expected size and is
// not one flat colour (a window that drew nothing is one colour).
//   duelbox_png_check FILE WIDTH HEIGHT [MIN_COLOURS]
#include <cstdio>
#include <cstdlib>

#include "model/png.h"

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: duelbox_png_check FILE WIDTH HEIGHT [MIN_COLOURS]\n");
        return 2;
    }
    duelbox::editor::Image img;
    std::string error;
    if (!duelbox::editor::read_png(argv[1], img, error)) {
        std::fprintf(stderr, "FAIL %s\n", error.c_str());
        return 1;
    }
    const int w = std::atoi(argv[2]), h = std::atoi(argv[3]);
    const std::size_t want = argc > 4 ? static_cast<std::size_t>(std::atoi(argv[4])) : 16;
    if (img.width != w || img.height != h) {
        std::fprintf(stderr, "FAIL %s is %dx%d, expected %dx%d\n", argv[1], img.width, img.height, w, h);
        return 1;
    }
    const std::size_t colours = duelbox::editor::distinct_colours(img, want);
    if (colours < want) {
        std::fprintf(stderr, "FAIL %s has %zu colour(s), expected at least %zu (did the window draw?)\n", argv[1], colours, want);
        return 1;
    }
    std::printf("ok %s: %dx%d, at least %zu colours\n", argv[1], w, h, colours);
    return 0;
}
