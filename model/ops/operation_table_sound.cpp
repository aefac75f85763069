// The table of operations' sound entries: a WAD's sound infos by the id that plays them, and
// the .SAM's samples (see sound_ops.h).
#include "model/ops/operation_entries.h"

namespace wadsmith::ops::entries {

namespace {

using P = ParamKind;

// A sound info's fields (the field table) and its "samples": [".SAM names"].
SoundInfoChange infoChange(const ArgReader& a) {
  auto c = a.fields(soundInfoFields());
  if (a.has("samples")) c.samples = a.texts("samples", "WAV names");
  return c;
}

std::string infoLabel(const ArgReader& a) {
  const std::string set = setLabel(a, soundInfoFields());
  if (!a.has("samples")) return set;
  return set == "set nothing" ? "set samples" : set + ", samples";
}

Step addInfoStep(const ArgReader& a) {
  const auto id = a.soundId("id");
  const auto c = infoChange(a);
  return {soundLabel(id) + ": add sound info", [=](const Document& d) { return addSoundInfo(d, id, c); }};
}

Step setInfoStep(const ArgReader& a) {
  const auto id = a.soundId("id");
  const auto c = infoChange(a);
  return {soundLabel(id) + ": " + infoLabel(a), [=](const Document& d) { return setSoundInfo(d, id, c); }};
}

Step removeInfoStep(const ArgReader& a) {
  const auto id = a.soundId("id");
  return {soundLabel(id) + ": remove sound info", [=](const Document& d) { return removeSoundInfo(d, id); }};
}

Step assignStep(const ArgReader& a) {
  const auto id = a.soundId("id");
  if (!a.given("same_as")) throw EditError("missing field \"same_as\" (a sound id, or null for none)");
  const auto from = a.has("same_as") ? std::optional(a.soundId("same_as")) : std::nullopt;
  return {soundLabel(id) + ": play " + (from ? "the info of sound " + std::to_string(*from) : std::string("nothing")),
          [=](const Document& d) { return assignSoundId(d, id, from); }};
}

Step setSampleStep(const ArgReader& a) {
  const auto sample = a.index("sample");
  const auto name = a.text("name", "a WAV file name");
  return {".SAM line " + std::to_string(sample) + ": name " + name, [=](const Document& d) { return setSample(d, sample, name); }};
}

Step addSampleStep(const ArgReader& a) {
  const auto id = a.soundId("id");
  const auto name = a.text("name", "a WAV file name");
  return {soundLabel(id) + ": add sample " + name, [=](const Document& d) { return addSample(d, id, name); }};
}

Step removeSampleStep(const ArgReader& a) {
  const auto id = a.soundId("id");
  const auto k = a.index("index");
  return {soundLabel(id) + ": remove sample " + std::to_string(k), [=](const Document& d) { return removeSample(d, id, k); }};
}

}  // namespace

std::vector<Operation> soundOperations() {
  const Param selected{"id", P::SoundId}, given{"id", P::Integer};
  const auto info = join(fieldParams(soundInfoFields()), {{"samples", P::List, true}});
  return {
      {"add_sound_info", join({given}, info), addInfoStep,
       {{"id", 200}, {"volume", 128}, {"range", 10}, {"samples", Value::List{"dog1.wav", "dog2.wav"}}},
       // TRLE's sounds.txt default: full volume over 10 sectors.
       [](const ObjectView&, const Selection&, Args& args) {
         args.try_emplace("volume", 128);
         args.try_emplace("range", 10);
       }},
      {"set_sound_info", join({selected}, info), setInfoStep, {{"id", 71}, {"volume", 99}, {"samples", Value::List{"a.wav", "b.wav"}}}},
      {"remove_sound_info", {selected}, removeInfoStep, {{"id", 126}}},
      {"assign_sound_id", {given, {"same_as", P::SoundId}}, assignStep, {{"id", 201}, {"same_as", 71}}},
      {"set_sample", {{"sample", P::Integer}, {"name", P::Text}}, setSampleStep, {{"sample", 0}, {"name", "low.wav"}}},
      {"add_sample", {selected, {"name", P::Text}}, addSampleStep, {{"id", 0}, {"name", "foot03.wav"}}},
      {"remove_sample", {selected, {"index", P::Integer}}, removeSampleStep, {{"id", 0}, {"index", 0}}},
  };
}

}  // namespace wadsmith::ops::entries
