// png.cpp - stored-deflate PNG writer and matching reader.
#include "png.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <unordered_set>

namespace duelbox::editor {

std::uint32_t crc32(const std::uint8_t* data, std::size_t n, std::uint32_t crc) {
    static const auto table = [] {
        std::vector<std::uint32_t> t(256);
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    crc = ~crc;
    for (std::size_t i = 0; i < n; ++i) crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
    return ~crc;
}

namespace {

void put32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<std::uint8_t>(v >> s));
}
std::uint32_t get32(const std::uint8_t* p) {
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | p[3];
}

void chunk(std::vector<std::uint8_t>& out, const char* type, const std::vector<std::uint8_t>& data) {
    put32(out, static_cast<std::uint32_t>(data.size()));
    const std::size_t start = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), data.begin(), data.end());
    put32(out, crc32(out.data() + start, out.size() - start));
}

const std::uint8_t kSignature[8] = {137, 'P', 'N', 'G', 13, 10, 26, 10};

}  // namespace

std::vector<std::uint8_t> encode_png(const Image& img) {
    std::vector<std::uint8_t> out(kSignature, kSignature + 8);
    std::vector<std::uint8_t> ihdr;
    put32(ihdr, static_cast<std::uint32_t>(img.width));
    put32(ihdr, static_cast<std::uint32_t>(img.height));
    ihdr.insert(ihdr.end(), {8, 6, 0, 0, 0});   // 8-bit RGBA, deflate, filter set 0, no interlace
    chunk(out, "IHDR", ihdr);

    // Raw scanlines, each led by filter type 0.
    const std::size_t row = static_cast<std::size_t>(img.width) * 4;
    std::vector<std::uint8_t> raw;
    raw.reserve((row + 1) * static_cast<std::size_t>(img.height));
    for (int y = 0; y < img.height; ++y) {
        raw.push_back(0);
        raw.insert(raw.end(), img.rgba.begin() + static_cast<std::ptrdiff_t>(y * row),
                   img.rgba.begin() + static_cast<std::ptrdiff_t>((y + 1) * row));
    }
    std::vector<std::uint8_t> z{0x78, 0x01};   // zlib header: deflate, 32K window, no dictionary
    std::size_t at = 0;
    do {
        const std::size_t n = std::min<std::size_t>(65535, raw.size() - at);
        const bool last = at + n == raw.size();
        z.push_back(last ? 1 : 0);             // BFINAL, BTYPE=00 (stored)
        z.push_back(static_cast<std::uint8_t>(n & 0xFF));
        z.push_back(static_cast<std::uint8_t>(n >> 8));
        z.push_back(static_cast<std::uint8_t>(~n & 0xFF));
        z.push_back(static_cast<std::uint8_t>((~n >> 8) & 0xFF));
        z.insert(z.end(), raw.begin() + static_cast<std::ptrdiff_t>(at), raw.begin() + static_cast<std::ptrdiff_t>(at + n));
        at += n;
    } while (at < raw.size());
    std::uint32_t a = 1, b = 0;                // Adler-32 of the raw data
    for (std::uint8_t c : raw) {
        a = (a + c) % 65521;
        b = (b + a) % 65521;
    }
    put32(z, (b << 16) | a);
    chunk(out, "IDAT", z);
    chunk(out, "IEND", {});
    return out;
}

bool write_png(const std::string& path, const Image& img, std::string& error) {
    const auto bytes = encode_png(img);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out.flush()) {
        error = path + ": cannot write";
        return false;
    }
    return true;
}

bool read_png(const std::string& path, Image& img, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return error = path + ": cannot read", false;
    const std::vector<std::uint8_t> f((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (f.size() < 8 || !std::equal(kSignature, kSignature + 8, f.begin())) return error = path + ": not a PNG", false;
    std::vector<std::uint8_t> z;
    std::size_t at = 8;
    bool header = false;
    while (at + 12 <= f.size()) {
        const std::uint32_t n = get32(&f[at]);
        if (at + 12 + n > f.size()) return error = path + ": truncated chunk", false;
        const std::string type(reinterpret_cast<const char*>(&f[at + 4]), 4);
        if (crc32(&f[at + 4], n + 4) != get32(&f[at + 8 + n])) return error = path + ": bad CRC in " + type, false;
        const std::uint8_t* d = &f[at + 8];
        if (type == "IHDR") {
            img.width = static_cast<int>(get32(d));
            img.height = static_cast<int>(get32(d + 4));
            if (d[8] != 8 || d[9] != 6 || d[12] != 0) return error = path + ": only 8-bit RGBA, not interlaced", false;
            header = true;
        } else if (type == "IDAT") {
            z.insert(z.end(), d, d + n);
        }
        at += 12 + n;
    }
    if (!header || z.size() < 6) return error = path + ": no image data", false;
    std::vector<std::uint8_t> raw;
    std::size_t p = 2;
    for (bool last = false; !last;) {
        if (p + 5 > z.size()) return error = path + ": truncated deflate data", false;
        last = z[p] & 1;
        if ((z[p] >> 1) != 0) return error = path + ": compressed deflate blocks are not supported (stored only)", false;
        const std::size_t n = z[p + 1] | (z[p + 2] << 8);
        p += 5;
        if (p + n > z.size()) return error = path + ": truncated stored block", false;
        raw.insert(raw.end(), z.begin() + static_cast<std::ptrdiff_t>(p), z.begin() + static_cast<std::ptrdiff_t>(p + n));
        p += n;
    }
    const std::size_t row = static_cast<std::size_t>(img.width) * 4;
    if (raw.size() != (row + 1) * static_cast<std::size_t>(img.height)) return error = path + ": wrong data size", false;
    img.rgba.clear();
    for (int y = 0; y < img.height; ++y) {
        const std::uint8_t* r = &raw[static_cast<std::size_t>(y) * (row + 1)];
        if (r[0] != 0) return error = path + ": only filter 0 is supported", false;
        img.rgba.insert(img.rgba.end(), r + 1, r + 1 + row);
    }
    return true;
}

std::size_t distinct_colours(const Image& img, std::size_t stop_at) {
    std::unordered_set<std::uint32_t> seen;
    for (std::size_t i = 0; i + 3 < img.rgba.size() && seen.size() < stop_at; i += 4)
        seen.insert(get32(&img.rgba[i]));
    return seen.size();
}

}  // namespace duelbox::editor
