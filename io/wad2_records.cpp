// Each wad2 chunk described once: its fields in order, then its children in the order
// TombLib's current writer puts them. The same description reads (In: children are taken by
// id wherever they are) and writes (Out). Facts from TombLib's Wad2Loader / Wad2Writer, checked
// against the real files (docs/formats/wad2.md).
#include "io/wad2_records.h"

#include "io/wad2_chunk_out.h"

namespace wadsmith::wad2io {
namespace {

template <class IO, class V>
void box(IO& io, V& min, V& max) {
  io.children(nullptr, [&] {
    io.leaf("W2BBMin", min);
    io.leaf("W2BBMax", max);
  });
}

template <class IO, class C>
void curve(IO& io, C& c) {
  io.leaf("W2CurveStart", c.start);
  io.leaf("W2CurveEnd", c.end);
  io.leaf("W2CurveHStart", c.startHandle);
  io.leaf("W2CurveHEnd", c.endHandle);
}

template <class IO, class P>
void polygon(IO& io, P& p, int) {
  const int n = p.quad ? 4 : 3;
  for (int i = 0; i < n; ++i) io.leb(p.vertices[i]);
  io.leb(p.shine);
  io.ref(p.texture, List::Textures);
  if (p.version == 2) io.vec(p.parentStart), io.vec(p.parentEnd);
  for (int i = 0; i < n; ++i) io.vec(p.uv[i]);
  io.leb(p.blendMode);
  io.u8(p.doubleSided);
  io.children(&p.keep, [] {});
}

template <class IO, class W>
void weight(IO& io, W& w) {
  io.i32(w.bone[0]), io.f32(w.weight.x), io.i32(w.bone[1]), io.f32(w.weight.y);
  io.i32(w.bone[2]), io.f32(w.weight.z), io.i32(w.bone[3]), io.f32(w.weight.w);
  io.children(nullptr, [] {});
}

template <class IO, class M>
void meshVertices(IO& io, M& m) {
  io.group("W2VrtPos", [&](auto& g) { g.children(nullptr, [&] { g.leaves("W2Pos", m.positions); }); });
  io.group("W2VrtNorm", [&](auto& g) { g.children(nullptr, [&] { g.leaves("W2N", m.normals); }); });
  io.group("W2VrtShd", [&](auto& g) {
    g.children(nullptr, [&] {
      g.leaves("W2Shd", m.shades);
      g.leaves("W2VxCol", m.colors);
    });
  });
  io.optGroup("W2VrtWghts", m.weights, [](auto& g, auto& list) {
    g.children(nullptr, [&] { g.each("W2VrtWght", list, [](auto& e, auto& w) { weight(e, w); }); });
  });
  io.group("W2VrtAttr", [&](auto& g) {
    g.children(nullptr, [&] {
      g.each("W2VxAttr", m.attributes, [](auto& e, auto& a) {
        e.leb(a.glow), e.leb(a.move);
        e.children(nullptr, [] {});
      });
    });
  });
}

template <class IO, class M>
void mesh(IO& io, M& m, int) {
  io.children(&m.keep, [&] {
    io.leaf("W2Index", m.index);
    io.leaf("W2MeshName", m.name);
    io.group("W2MeshSphere", [&](auto& g) {
      g.children(nullptr, [&] {
        g.leaf("W2SphC", m.sphereCenter);
        g.leaf("W2SphR", m.sphereRadius);
      });
    });
    io.group("W2BBox", [&](auto& g) { box(g, m.boxMin, m.boxMax); });
    meshVertices(io, m);
    io.leaf("W2MeshLightType", m.lightingType);
    io.leaf("W2MeshVisible", m.hidden);
    io.group("W2Polys", [&](auto& g) {
      g.children(nullptr, [&] {
        g.records({"W2Tr", "W2Uq", "W2Tr2", "W2Uq2"}, m.polygons, [](auto& e, auto& p, int v) { polygon(e, p, v); });
      });
    });
  });
}

template <class IO, class L>
void lua(IO& io, L& props) {
  io.optGroup("W2LuaProps", props, [](auto& g, auto& list) {
    g.children(nullptr, [&] {
      g.each("W2LuaProp", list, [](auto& e, auto& p) {
        e.children(nullptr, [&] {
          e.leaf("W2LuaPrN", p.name);
          e.leaf("W2LuaPrV", p.value);
        });
      });
    });
  });
}

template <class IO, class D>
void dispatch(IO& io, D& d, int) {
  io.leb(d.inFrame), io.leb(d.outFrame);
  io.ref(d.nextAnimation, List::Animations);
  io.leb(d.nextFrame);
  if (d.version == 1) return;  // W2Disp has no child chunks
  io.leb(d.nextFrameHigh), io.leb(d.blendFrames);
  io.children(&d.keep, [&] { curve(io, d.curve); });
}

template <class IO, class A>
void animationChildren(IO& io, A& a) {
  if (a.version == 3) curve(io, a.curve);
  io.leaf("W2AnmName", a.name);
  io.records({"W2Kf"}, a.keyframes, [](auto& e, auto& k, int) {
    e.children(&k.keep, [&] {
      e.leaf("W2KfOffs", k.offset);
      e.group("W2KfBB", [&](auto& g) { box(g, k.boxMin, k.boxMax); });
      e.leaves("W2KfA", k.angles);
    });
  });
  io.records({"W2StCh"}, a.stateChanges, [](auto& e, auto& s, int) {
    e.leb(s.stateId);
    e.children(&s.keep, [&] {
      e.records({"W2Disp", "W2Disp2"}, s.dispatches, [](auto& f, auto& d, int v) { dispatch(f, d, v); });
    });
  });
  io.records({"W2Cmd", "W2Cmd2"}, a.commands, [](auto& e, auto& c, int) {
    e.leb(c.type), e.leb(c.p1), e.leb(c.p2), e.leb(c.p3);
    e.children(&c.keep, [&] { e.leaf("W2CmdSnd", c.soundInfo); });
  });
  io.leaf("W2AniV", a.velocities);
  io.leaf("W2AniRM", a.rootMotion);
}

// W2Anm (0), W2Ani (1), W2Ani2 (2), W2Ani3 (3).
template <class IO, class A>
void animation(IO& io, A& a, int) {
  io.leb(a.stateId), io.leb(a.endFrame), io.leb(a.frameRate);
  if (a.version == 0)
    for (auto& x : a.obsolete) io.leb(x);
  if (a.version <= 1)
    for (auto& x : a.oldVelocities) io.leb(x);
  io.ref(a.nextAnimation, List::Animations);
  io.leb(a.nextFrame);
  if (a.version == 3) io.leb(a.blendFrames);
  io.children(&a.keep, [&] { animationChildren(io, a); });
}

template <class IO, class M>
void movable(IO& io, M& m, int) {
  io.leb(m.objectId);
  io.children(&m.keep, [&] {
    io.parts({"W2Mesh"}, m.meshes, [](auto& e, auto& x, int v) { mesh(e, x, v); });
    if (IO::reading || m.skin)
      io.group("W2MovSkin", [&](auto& g) {
        g.children(nullptr, [&] { g.part({"W2Mesh"}, m.skin, [](auto& e, auto& x, int v) { mesh(e, x, v); }); });
      });
    io.records({"W2Bone2"}, m.bones, [](auto& e, auto& b, int) {
      e.leb(b.opcode);
      e.string32(b.name);
      e.children(&b.keep, [&] {
        e.leaf("W2BoneTrans", b.translation);
        e.leaf("W2BoneMesh", b.mesh);
      });
    });
    io.parts({"W2Anm", "W2Ani", "W2Ani2", "W2Ani3"}, m.animations, [](auto& e, auto& a, int v) { animation(e, a, v); },
             List::Animations);
    lua(io, m.lua);
  });
}

// W2Static (0: with the old lighting number) and W2Static2 (1).
template <class IO, class S>
void staticObject(IO& io, S& s, int) {
  io.leb(s.objectId), io.leb(s.flags);
  if (s.version == 1) io.leb(s.legacyLighting);
  io.children(&s.keep, [&] {
    io.part({"W2Mesh"}, s.mesh, [](auto& e, auto& x, int v) { mesh(e, x, v); });
    io.leaf("W2StaticAmbientLight", s.ambientLight);
    io.leaf("W2StaticShatter", s.shatter);
    io.leaf("W2StaticShatterSound", s.shatterSound);
    io.each("W2StaticLight", s.lights, [](auto& e, auto& l) {
      e.children(nullptr, [&] {
        e.leaf("W2StaticLightPos", l.position);
        e.leaf("W2StaticLightR", l.radius);
        e.leaf("W2StaticLightI", l.intensity);
      });
    });
    io.group("W2StaticVB", [&](auto& g) { box(g, s.visibilityMin, s.visibilityMax); });
    io.group("W2StaticCB", [&](auto& g) { box(g, s.collisionMin, s.collisionMax); });
    lua(io, s.lua);
  });
}

template <class IO, class T>
void texture(IO& io, T& t, int) {
  io.leb(t.width), io.leb(t.height);
  io.children(&t.keep, [&] {
    io.leaf("W2Index", t.index);
    io.leaf("W2TxtName", t.name);
    io.leaf("W2TxtRelPath", t.relativePath);
    io.leaf("W2TxtData", t.pixels);
  });
}

template <class IO, class S>
void sprite(IO& io, S& s, int) {
  io.leb(s.width), io.leb(s.height);
  io.children(&s.keep, [&] {
    io.leaf("W2Index", s.index);
    io.leaf("W2TxtData", s.pixels);
    io.leaf("W2SprSides", s.sides);
  });
}

template <class IO, class S>
void animatedTextureSet(IO& io, S& s, int) {
  io.children(&s.keep, [&] {
    io.leaf("W2AnimatedTextureSetName", s.name);
    io.leaf("W2AnimatedTextureSetExtra", s.legacyExtra);
    io.leaf("W2AnimatedTextureSetType", s.type);
    io.leaf("W2AnimatedTextureSetFps", s.fps);
    io.leaf("W2AnimatedTextureSetUvRotate", s.uvRotate);
    io.leaf("W2AnimatedTextureSetTenUvRotateDirection", s.tenDirection);
    io.leaf("W2AnimatedTextureSetTenUvRotateSpeed", s.tenSpeed);
    io.group("W2Frames", [&](auto& g) {
      g.children(nullptr, [&] {
        g.each("W2Frame", s.frames, [](auto& e, auto& f) {
          e.ref(f.texture, List::Textures);
          for (auto& uv : f.uv) e.vec(uv);
          e.leb(f.repeat);
        });
      });
    });
  });
}

template <class IO, class D>
void lists(IO& io, D& d) {
  io.group("W2Textures", [&](auto& g) {
    g.children(nullptr, [&] { g.parts({"W2Txt"}, d.textures, [](auto& e, auto& t, int v) { texture(e, t, v); }, List::Textures); });
  });
  io.group("W2Sprites", [&](auto& g) {
    g.children(nullptr, [&] { g.parts({"W2Spr"}, d.sprites, [](auto& e, auto& s, int v) { sprite(e, s, v); }, List::Sprites); });
  });
  io.group("W2SpriteSequences", [&](auto& g) {
    g.children(nullptr, [&] {
      g.records({"W2SpriteSeq"}, d.sequences, [](auto& e, auto& s, int) {
        e.leb(s.objectId);
        e.children(&s.keep, [&] { e.refs("W2SpritePtr", s.sprites, List::Sprites); });
      });
    });
  });
  io.group("W2Moveables", [&](auto& g) {
    g.children(nullptr, [&] { g.parts({"W2Moveable"}, d.movables, [](auto& e, auto& m, int v) { movable(e, m, v); }); });
  });
  io.group("W2Statics", [&](auto& g) {
    g.children(nullptr, [&] {
      g.parts({"W2Static", "W2Static2"}, d.statics, [](auto& e, auto& s, int v) { staticObject(e, s, v); });
    });
  });
}

template <class IO, class D>
void stream(IO& io, D& d) {
  io.children(&d.keep, [&] {
    io.leaf("W2SuggestedGameVersion", d.game);
    io.leaf("W2SoundSystem", d.soundSystem);
    lists(io, d);
    io.record("W2Metadata", d.metadata, [](auto& e, auto& m, int) {
      e.children(&m.keep, [&] {
        e.group("W2Timestamp", [&](auto& g) {
          for (auto& x : m.timestamp) g.leb(x);
          g.children(nullptr, [] {});
        });
        e.leaf("W2UserNotes", m.notes);
      });
    });
    io.optGroup("W2AnimatedTextureSets", d.animatedTextures, [](auto& g, auto& sets) {
      g.children(nullptr, [&] {
        g.records({"W2AnimatedTextureSet"}, sets, [](auto& e, auto& s, int v) { animatedTextureSet(e, s, v); });
      });
    });
  });
}

}  // namespace

void readStream(In& root, wad2::Document& doc) { stream(root, doc); }
void writeStream(Out& root, const wad2::Document& doc) { stream(root, doc); }

}  // namespace wadsmith::wad2io
