// Tomb Editor's .anim files: one animation as WadTool exports it (TombLib's WadAnimation,
// serialised by .NET's XmlSerializer):
//   <WadAnimation> <FrameRate> <StateId> <EndFrame> <NextAnimation> <NextFrame> <Name>
//     <StartVelocity> <EndVelocity> <StartLateralVelocity> <EndLateralVelocity>
//     <KeyFrames><WadKeyFrame> <BoundingBox><Minimum><X><Y><Z> <Maximum>...
//       <Offset><X><Y><Z> <Angles><WadKeyFrameRotation><Rotations><X><Y><Z>
//     <StateChanges><WadStateChange> <StateId> <Dispatches><WadAnimDispatch>
//       <InFrame> <OutFrame> <NextAnimation> <NextFrame>
//     <AnimCommands><WadAnimCommand> <Type> <Parameter1> <Parameter2> <Parameter3>
// The declaration says utf-16 while the bytes are UTF-8 (WadTool serialises to a string and
// writes that as UTF-8); the reader takes either (a BOM or "<?xml" in UTF-16 means UTF-16), the
// writer writes as WadTool does. Unknown elements are skipped, missing ones are zero.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "model/anim/anim_file.h"

namespace wadsmith {

constexpr std::size_t kMaxAnimFile = 64u << 20;

// Throws ParseError naming the file, the element's path and its byte offset.
anim::AnimFile readAnimFile(std::span<const std::uint8_t> bytes, const std::string& file);
std::vector<std::uint8_t> writeAnimFile(const anim::AnimFile& a);

}  // namespace wadsmith
