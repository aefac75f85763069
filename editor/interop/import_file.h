// A 3D file as the objects an import can take: glTF/GLB through tinygltf (gltf_import.h), OBJ,
// FBX and DAE through Assimp (assimp_import.h). Files are recognised by their content where
// the format has a signature (GLB, FBX binary, glTF JSON), else by their extension. The
// editor's File > Import and `wadsmith import` share this and importObject
// (model/exchange/import_object.h).
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "model/exchange/import_object.h"
#include "model/exchange/object_records.h"
#include "model/imported.h"

namespace wadsmith::interop {

struct ImportedObject {
  std::string name;
  bool movable = true;
  std::optional<exchange::ObjectRecords> records;  // exact records (a WadSmith export, unedited)
  imported::Model model;                            // the float form
  std::vector<std::string> notes;
};

struct ImportFileOptions {
  float unitsPerMeter = 0;  // 0: the file's own (glTF exports), else 512 TR units per metre
};

// Throws ParseError / std::runtime_error naming the file.
std::vector<ImportedObject> loadImportFile(const std::filesystem::path& path, const ImportFileOptions& options = {});

// The object to import: the one named (case-insensitive), else the only one, else the export
// of the target's slot. Throws listing the file's objects when none fits.
const ImportedObject& chooseObject(const std::vector<ImportedObject>& objects, const std::optional<std::string>& name,
                                   const ObjectRef& target, const std::string& file);

// The object as a one-object WAD at the target's slot: its exact records when it has them,
// else the float form through the WAD builder. `notes` gets what the builder chose and measured.
WadDocument objectWad(const ImportedObject& object, const ObjectRef& target, std::vector<std::string>& notes);

// Everything an import does: the file's object into `destination` (one new version).
exchange::ImportResult importFile(const WadDocument& destination, const std::filesystem::path& file,
                                  const std::optional<std::string>& objectName, const exchange::ImportRequest& request,
                                  const ImportFileOptions& options = {});

}  // namespace wadsmith::interop
