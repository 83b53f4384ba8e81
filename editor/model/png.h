// png.h - writing (and reading back) RGBA PNG files with no library.
//
// The screenshot needs a PNG and the project takes no new dependency for it: the image data
// goes into zlib "stored" blocks (no compression), which every PNG reader accepts. The reader
// understands exactly what the writer produces (stored blocks, filter 0) - enough for the
// screenshot test to check size and pixels; it refuses anything else with a reason.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace duelbox::editor {

struct Image {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;   // width * height * 4, top row first
};

std::uint32_t crc32(const std::uint8_t* data, std::size_t n, std::uint32_t crc = 0);
std::vector<std::uint8_t> encode_png(const Image& img);
bool write_png(const std::string& path, const Image& img, std::string& error);
bool read_png(const std::string& path, Image& img, std::string& error);
std::size_t distinct_colours(const Image& img, std::size_t stop_at = 1000000);   // counts up to stop_at

}  // namespace duelbox::editor
