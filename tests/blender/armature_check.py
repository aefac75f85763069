# Run by tests/editor/blender_test.cpp: `blender -b --factory-startup --python THIS -- FILE.glb`.
# Imports a glTF with Blender's own importer and prints what Blender made of it, one line each:
#   WADSMITH armatures=N bones=B1,B2 actions=N meshes=N
#   WADSMITH action NAME FIRST LAST
import sys

import bpy
import numpy

# Debian 12's Blender 3.4 glTF add-on still names np.bool, which its numpy (1.24) removed.
if not hasattr(numpy, "bool"):
    numpy.bool = bool

path = sys.argv[sys.argv.index("--") + 1]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=path)
armatures = [o for o in bpy.data.objects if o.type == 'ARMATURE']
meshes = [o for o in bpy.data.objects if o.type == 'MESH']
print("WADSMITH armatures=%d bones=%s actions=%d meshes=%d" % (
    len(armatures), ",".join(str(len(a.data.bones)) for a in armatures), len(bpy.data.actions), len(meshes)))
for a in bpy.data.actions:
    print("WADSMITH action %s %d %d" % (a.name, int(a.frame_range[0]), int(a.frame_range[1])))
sys.stdout.flush()
