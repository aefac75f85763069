# Run by tests/editor/blender_test.cpp: `blender -b --factory-startup --python THIS -- IN.glb OUT.glb`.
# Reads a glTF with Blender's own importer and writes it again with its exporter, as a user
# who opens WadSmith's export in Blender and exports it unchanged would.
import sys

import bpy
import numpy

# Debian 12's Blender 3.4 glTF add-on still names np.bool, which its numpy (1.24) removed.
if not hasattr(numpy, "bool"):
    numpy.bool = bool

source, target = sys.argv[sys.argv.index("--") + 1:][:2]
bpy.ops.wm.read_factory_settings(use_empty=True)
# Keys land on whole frames only at the file's 30 frames a second (Blender's default is 24).
bpy.context.scene.render.fps = 30
bpy.ops.import_scene.gltf(filepath=source)
bpy.ops.export_scene.gltf(filepath=target, export_format='GLB', export_animations=True)
print("WADSMITH wrote %s with %d actions" % (target, len(bpy.data.actions)))
sys.stdout.flush()
