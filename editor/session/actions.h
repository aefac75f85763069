// What the editor's buttons do, as functions of the session (the GUI calls these; tests call
// the same). Each is one undo step; EditError leaves everything as it was.
#pragma once
#include "editor/session/session.h"
#include "model/ops/mesh_ops.h"

namespace wadsmith::session::actions {

// Face attributes on every selected face (faces of several meshes make one step).
void setFaces(Session& s, const ops::FaceChange& change, const std::string& label);
// Selects every face of the object that uses the same texture as `face`.
void selectFacesWithTexture(Session& s, const view::FaceRef& face);
// These act on the selected mesh, or on every mesh of the object when none is selected.
void recomputeNormals(Session& s);
void flipNormals(Session& s);
void convertLighting(Session& s, bool toShades, const ops::Light& light);
void recomputeSphere(Session& s);
void deleteSelectedObject(Session& s);
void setSelectedSlot(Session& s, std::uint32_t slot);

}  // namespace wadsmith::session::actions
