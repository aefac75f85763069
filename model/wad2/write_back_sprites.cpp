#include "model/wad2/write_back_sprites.h"

#include <algorithm>
#include <map>
#include <set>

#include "model/wad2/slots.h"

namespace wadsmith::wad2 {
namespace {

// A sequence's pictures: what an edit of the view can change (ids and stored bytes aside).
struct Pictures {
  std::vector<const Sprite*> sprites;
  bool operator==(const Pictures& o) const {
    return std::equal(sprites.begin(), sprites.end(), o.sprites.begin(), o.sprites.end(), [](const Sprite* a, const Sprite* b) {
      return a && b && a->width == b->width && a->height == b->height && a->sides == b->sides && a->pixels == b->pixels;
    });
  }
};

// A conversion's sequences (TR4's numbers) with their sprites.
std::map<std::int64_t, Pictures> byTr4Id(const Document& d) {
  std::map<Id, const Sprite*> sprites;
  for (const auto& s : d.sprites)
    if (s) sprites[s->id] = s.get();
  std::map<std::int64_t, Pictures> out;
  for (const auto& q : d.sequences) {
    Pictures& p = out[q.objectId];
    for (const auto& r : q.sprites)
      if (auto it = sprites.find(r.id); r.isRecord() && it != sprites.end()) p.sprites.push_back(it->second);
  }
  return out;
}

}  // namespace

void spliceSprites(const Document& file, const Document& o, const Document& n, Document& out, Id& nextId,
                   const std::function<void(const std::string&)>& say) {
  const auto os = byTr4Id(o), ns = byTr4Id(n);
  if (os == ns) return;  // pointers aside, the same pictures: the file's sprites as read
  const bool indexed = !file.sprites.empty() && file.sprites.front() && file.sprites.front()->index;
  const auto add = [&](const Pictures& p) {  // N's sprites as new records; their refs
    std::vector<Ref> refs;
    for (const Sprite* s : p.sprites) {
      Sprite copy = *s;
      copy.id = nextId++;
      copy.index = indexed ? std::optional<std::int64_t>(static_cast<std::int64_t>(out.sprites.size())) : std::nullopt;
      copy.keep = {};
      refs.push_back(Ref::to(copy.id));
      out.sprites.push_back(share<Sprite>(std::move(copy)));
    }
    return refs;
  };
  std::set<std::int64_t> inFile;
  out.sequences.clear();
  for (const auto& q : file.sequences) {
    const auto tr4 = tr4SpriteSlot(file, q.objectId);
    const auto was = tr4 ? os.find(*tr4) : os.end();
    if (!tr4 || was == os.end()) {
      out.sequences.push_back(q);  // never in the view
      continue;
    }
    inFile.insert(*tr4);
    const auto now = ns.find(*tr4);
    if (now == ns.end()) {
      say("sprite sequence " + std::to_string(q.objectId) + " removed");
      continue;
    }
    SpriteSequence kept = q;
    if (!(was->second == now->second)) {
      kept.sprites = add(now->second);
      kept.keep.source = {};  // its sprite list changed: written anew, its unknown chunks kept
      say("sprite sequence " + std::to_string(q.objectId) + " written with the view's " + std::to_string(kept.sprites.size()) + " sprite(s)");
    }
    out.sequences.push_back(std::move(kept));
  }
  for (const auto& [tr4, p] : ns) {
    if (inFile.count(tr4) || os.count(tr4)) continue;
    const auto id = fileSpriteId(file, static_cast<std::uint32_t>(tr4));
    if (!id) {
      say("sprite sequence " + std::to_string(tr4) + " not added: the " + gameName(file.game) + " catalog has no sequence of its name");
      continue;
    }
    SpriteSequence added;
    added.objectId = *id;
    added.sprites = add(p);
    const auto at = std::find_if(out.sequences.begin(), out.sequences.end(), [&](const SpriteSequence& s) { return s.objectId > *id; });
    out.sequences.insert(at, std::move(added));  // WadTool writes its lists sorted by id
    say("sprite sequence " + std::to_string(tr4) + " added as " + gameName(file.game) + " sequence " + std::to_string(*id));
  }
  // The file's sprites no sequence names any more, which one named before, go.
  std::set<Id> named, before;
  for (const auto& q : out.sequences)
    for (const auto& r : q.sprites) named.insert(r.id);
  for (const auto& q : file.sequences)
    for (const auto& r : q.sprites) before.insert(r.id);
  std::erase_if(out.sprites, [&](const Shared<Sprite>& s) { return s && before.count(s->id) && !named.count(s->id); });
}

}  // namespace wadsmith::wad2
