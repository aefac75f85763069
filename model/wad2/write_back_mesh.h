// The write-back of one mesh (model/wad2/write_back.h): the file's mesh W with what the view
// as opened (O) and as edited (N), both converted to wad2, disagree on.
#pragma once
#include <set>
#include <unordered_map>
#include <vector>

#include "model/wad2/document.h"

namespace wadsmith::wad2::detail {

class MeshSplice {
 public:
  MeshSplice(const Document& o, const Document& n);

  // W with N's changes; N's mesh where W's faces do not line up with O's.
  Shared<Mesh> mesh(const Shared<Mesh>& w, const Shared<Mesh>& o, const Shared<Mesh>& n) const;
  // A face of `meshes` whose page changed under it.
  bool repainted(const std::vector<Shared<Mesh>>& meshes) const;

 private:
  using Pages = std::unordered_map<Id, const Texture*>;
  bool samePicture(const Polygon& o, const Polygon& n) const;
  bool repainted(const Polygon& p) const { return !samePicture(p, p); }
  std::vector<Polygon> polygons(const Mesh& w, const std::vector<std::size_t>& faces, const Mesh& o, const Mesh& n) const;
  void polygon(Polygon& w, const Polygon& o, const Polygon& n) const;

  const Pages o_, n_;
  std::set<Id> changed_;  // pages whose pixels differ somewhere
};

}  // namespace wadsmith::wad2::detail
