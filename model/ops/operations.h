// The one table of operations: every edit of a document is an entry here, described once —
// its name, its parameters, how it runs on a document, what the history calls it and what the
// editor's selection gives it. `wadsmith apply` parses scripts into calls of it, the editor's
// buttons build calls from the selection, the crash journal stores the calls and replays them.
//
// Adding an operation is writing its model function and one entry (operation_table.cpp); a
// layer above the model adds the entries that need files with registerOperation().
#pragma once
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "model/ops/edit_context.h"
#include "model/ops/selection.h"
#include "model/ops/value.h"

namespace wadsmith::ops {

class ArgReader;

// How an argument is given; the first kinds are what the editor takes from the selection
// when a button does not give them.
enum class ParamKind {
  Object,     // "movable" or "static": a slot (the selected object)
  Movable,    // "movable": a slot (the selected movable)
  Static,     // "static": a slot (the selected static)
  Mesh,       // an index within the object (the selected mesh)
  Animation,  // an index within the movable (the selected animation)
  Faces,      // face indices of "mesh", "all", or [mesh, face] pairs (the selected faces)
  SoundId,    // a sound id (the selected one)
  Integer, Number, Flag, Text, List, Named,  // given by the caller
};

struct Param {
  std::string key;  // Object: "object", given as "movable" or "static"
  ParamKind kind;
  bool optional = false;
};

// An edit ready to run: what the history calls it, and the function of the document.
struct Step {
  std::string label;
  std::function<Edited(const Document&)> run;
};

struct Operation {
  std::string name;  // the script's "op", the journal's
  std::vector<Param> params;
  // Reads the arguments (an EditError names the field) into the step; nothing runs yet, so a
  // script's typo fails before any operation runs.
  std::function<Step(const ArgReader&)> bind;
  // A call that edits fixtures/sample.wad (the test that walks the table runs it on a copy
  // whose normals and static boxes were disturbed, so recomputing them changes something).
  Args example;
  // What the editor's buttons start from where the selection says nothing (may be empty).
  std::function<void(const ObjectView&, const Selection&, Args&)> defaults;
};

// An operation with its arguments: what scripts hold and the journal stores.
struct Call {
  std::string op;
  Args args;
};

// The built-in entries, then those registered.
const std::vector<Operation>& operations();
const Operation* findOperation(std::string_view name);
// Adds an entry from a layer above the model, at start (before any lookup: the entries may
// move); a name already taken throws std::logic_error.
void registerOperation(Operation op);
// Runs `add` (which calls registerOperation) when the table is first used, before that lookup.
void registerOperationsOnFirstUse(void (*add)());

// The call's step; throws EditError for an unknown operation or a bad argument.
Step bind(const Call& call);

// The arguments of `op` for the editor: those given, and each selection parameter not given
// from the selection (EditError "select ... first" when nothing fitting is selected), then
// the entry's defaults.
Args withSelection(const Operation& op, const ObjectView& v, const Selection& s, Args given);

// The argument for parameter `key` from a number users gave (a flag from 0 or 1); throws
// EditError when the operation has no such parameter.
Value paramValue(const Operation& op, const std::string& key, double value);

}  // namespace wadsmith::ops
