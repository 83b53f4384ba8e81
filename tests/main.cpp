// The one test binary's entry point; every test file is tagged by its area.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
