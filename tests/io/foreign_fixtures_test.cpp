// The other engines' fixtures are what the generator writes.
#include <gtest/gtest.h>

#include "fixtures/generator/foreign_fixtures.h"
#include "io/file_io.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

TEST(ForeignFixtures, RegeneratingGivesIdenticalBytes) {
  for (const auto& f : fixtures::generateForeignFixtures()) {
    auto path = test::fixturesDir() / f.name;
    ASSERT_TRUE(std::filesystem::exists(path)) << path << " missing: run build/fixtures/wadsmith_fixtures_gen";
    EXPECT_EQ(test::firstDifference(readFileBytes(path), f.bytes), -1) << f.name << " differs from the generator";
  }
}

}  // namespace
}  // namespace wadsmith
