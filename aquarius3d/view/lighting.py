"""Light and shadow: a key light whose shadows tell height, a fill, an ambient; the materials' shaders.

The key light stands high on the left, a little in front of the player, so that shadows fall to the right
(and a little away), where the default orbit view sees them whole, and the pyramids' faces towards the
player are lit: a house one storey taller casts a visibly longer shadow, and a storey shades the pyramids
and cards under it. Its shadow map is drawn by a camera of its own into a depth
buffer, and the light on the felt (the *ground light*: shadows, softened, and contact shadows) by another,
looking straight down, into a texture the felt and everything lying on it look up once a pixel
(view/shaders.py). Both are drawn only when the table changes (`touch`): the light never moves, so
orbiting the camera costs no pass of theirs, which is what makes shadows affordable on a software
renderer. The casters are chosen (`cast`): cards, pyramids, trays, piles, the rim; labels, ghosts and
outlines cast nothing.

Nodes opt in to a material (`use`): "ground", "felt", "surface" or "plastic". Anything else keeps the
fixed-function lights set on the scene's root, the same light, without shadows; so does everything when
the renderer has no shaders (a very old card, or no window at all).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from panda3d.core import (
    AmbientLight,
    BitMask32,
    Camera,
    ColorWriteAttrib,
    DepthWriteAttrib,
    DirectionalLight,
    FrameBufferProperties,
    GraphicsOutput,
    GraphicsPipe,
    LightAttrib,
    LVecBase4f,
    Mat4,
    NodePath,
    OrthographicLens,
    Point3,
    RenderState,
    SamplerState,
    ShaderAttrib,
    Texture,
    TextureAttrib,
    TransparencyAttrib,
    Vec3,
    Vec4,
    WindowProperties,
)

from . import shaders
from .meshes import quad_node
from .quality import QUALITIES, Quality

if TYPE_CHECKING:
    from direct.showbase.ShowBase import ShowBase

Gloss = tuple[float, float, float, float]

SHADOW_MASK = BitMask32.bit(6)  # the shadow camera's: only nodes shown through it cast shadows
KEY_TOWARD = Vec3(-0.62, -0.3, 0.72).normalized()  # from the table towards the key light: left, a little in front
FILL_TOWARD = Vec3(0.6, -0.55, 0.45).normalized()  # front right, low and cool
KEY = Vec3(0.70, 0.67, 0.60)
FILL = Vec3(0.16, 0.18, 0.22)
AMBIENT = Vec3(0.40, 0.41, 0.44)
REACH = 320.0  # millimetres above the table the shadow map must hold (the tallest house and more)
DISTANCE = 3000.0  # millimetres from the table's centre to the shadow camera
DEPTH_BIAS = 0.8  # millimetres a receiver may lie behind the caster's depth and still be lit

CARD_GLOSS: Gloss = (0.10, 28.0, 0.0, 0.0)
WOOD_GLOSS: Gloss = (0.22, 22.0, 0.0, 0.0)
PLASTIC_GLOSS: Gloss = (1.0, 70.0, 0.6, 0.6)  # highlight, its shininess, reflection, light scattered


def _window(base: ShowBase | None) -> GraphicsOutput | None:
    if base is None:
        return None
    return getattr(base, "win", None)


class Lighting:
    """The scene's lights, its shadow map and its materials' shaders, at a quality tier."""

    def __init__(self, root: NodePath, base: ShowBase | None, quality: Quality | None = None) -> None:
        self.root = root
        self.base = base
        self.quality = quality or QUALITIES["low"]
        self.buffer: GraphicsOutput | None = None  # the shadow map's
        self.ground_buffer: GraphicsOutput | None = None  # the ground light's
        self.camera: NodePath | None = None
        self.contact = Texture("no-contact")  # (white until the felt draws its contact shadows)
        self.contact.setup2dTexture(1, 1, Texture.T_unsigned_byte, Texture.F_luminance)
        self.contact.setRamImage(b"\xff")
        self.shaders: dict[str, object] = {}
        self._extent = ((-450.0, -350.0), (450.0, 350.0))
        self._fixed_lights()
        win = _window(base)
        gsg = win.getGsg() if win is not None else None
        self.enabled = bool(gsg is not None and gsg.getSupportsGlsl() and gsg.getSupportsDepthTexture()
                            and gsg.getSupportsShadowFilter())
        if self.enabled:
            assert win is not None
            win.setClearStencilActive(True)  # (the low tier's shadows count themselves in it, view/furniture.py)
            win.setClearStencil(0)
            self.root.hide(SHADOW_MASK)
            self._build(self.quality)

    # -- the lights --------------------------------------------------------------------------------

    def _fixed_lights(self) -> None:
        """Panda3D's own lights on the root: what fixed-function nodes are lit by (no shadows)."""
        ambient = AmbientLight("ambient")
        ambient.setColor(Vec4(AMBIENT, 1))
        key = DirectionalLight("key")
        key.setColor(Vec4(KEY, 1))
        fill = DirectionalLight("fill")
        fill.setColor(Vec4(FILL, 1))
        self.lights = [self.root.attachNewNode(light) for light in (ambient, key, fill)]
        self.lights[1].lookAt(-KEY_TOWARD)
        self.lights[2].lookAt(-FILL_TOWARD)
        for light in self.lights:
            self.root.setLight(light)

    # -- the shadow map and the ground light -----------------------------------------------------------

    def _inputs(self, node: NodePath) -> None:
        """The light's shader inputs, on a node (and what is under it)."""
        node.setShaderInput("key_dir", KEY_TOWARD)
        node.setShaderInput("key_colour", KEY)
        node.setShaderInput("fill_dir", FILL_TOWARD)
        node.setShaderInput("fill_colour", FILL)
        node.setShaderInput("ambient", AMBIENT)
        node.setShaderInput("gloss", Vec4(*CARD_GLOSS))
        node.setShaderInput("shadow_map", self.texture)
        node.setShaderInput("shadow_texel", Vec4(1.0 / self.quality.shadow_size, 0.0, 0.0, 0.0))
        node.setShaderInput("shadow_matrix", Mat4.identMat())
        node.setShaderInput("ground_frame", Vec4(0.0, 0.0, 1.0, 1.0))

    def _buffer(self, name: str, size: int, sort: int, depth: bool) -> GraphicsOutput | None:
        base, win = self.base, _window(self.base)
        assert base is not None and win is not None
        props = FrameBufferProperties()
        if depth:
            props.setRgbColor(False)
            props.setDepthBits(24)
        else:
            props.setRgbColor(True)
            props.setRgbaBits(8, 8, 8, 0)
        return base.graphicsEngine.makeOutput(win.getPipe(), name, sort, props, WindowProperties.size(size, size),
                                              GraphicsPipe.BFRefuseWindow, win.getGsg(), win)

    def _build(self, quality: Quality) -> None:
        self.quality = quality
        self.shaders = {kind: shaders.make(kind, quality.shadow_taps, quality.sheen, quality.ground_light)
                        for kind in shaders.KINDS}
        self.shaders["bake"] = shaders.make("bake", quality.ground_taps, False)
        shadow = self._buffer("shadow-map", quality.shadow_size, -20, True)
        ground = self._buffer("ground-light", quality.ground_size if quality.ground_light else 16, -10, False)
        if shadow is None or ground is None:
            for buffer in (shadow, ground):
                if buffer is not None and self.base is not None:
                    self.base.graphicsEngine.removeWindow(buffer)
            self.enabled = False
            self.root.show(SHADOW_MASK)
            return
        self.texture = Texture("shadow-map")
        self.texture.setFormat(Texture.F_depth_component)
        self.texture.setMinfilter(SamplerState.FT_shadow)
        self.texture.setMagfilter(SamplerState.FT_shadow)
        self.texture.setWrapU(SamplerState.WM_border_color)
        self.texture.setWrapV(SamplerState.WM_border_color)
        self.texture.setBorderColor(LVecBase4f(1, 1, 1, 1))
        shadow.addRenderTexture(self.texture, GraphicsOutput.RTMBindOrCopy, GraphicsOutput.RTPDepth)
        shadow.setClearDepthActive(True)
        shadow.setClearDepth(1.0)
        self.lens = OrthographicLens()
        node = Camera("shadow-camera", self.lens)
        node.setCameraMask(SHADOW_MASK)
        state = RenderState.make(ColorWriteAttrib.make(ColorWriteAttrib.COff), ShaderAttrib.makeOff(),
                                 TextureAttrib.makeAllOff(), LightAttrib.makeAllOff(),
                                 TransparencyAttrib.make(TransparencyAttrib.MNone), 1000)
        node.setInitialState(state.addAttrib(DepthWriteAttrib.make(DepthWriteAttrib.MOn), 1000))
        self.camera = self.root.attachNewNode(node)
        shadow.makeDisplayRegion().setCamera(self.camera)
        # The ground light: a square of felt seen from straight above, lit by the bake shader.
        self.ground = Texture("ground-light")
        self.ground.setMinfilter(SamplerState.FT_linear)
        self.ground.setMagfilter(SamplerState.FT_linear)
        self.ground.setWrapU(SamplerState.WM_clamp)
        self.ground.setWrapV(SamplerState.WM_clamp)
        ground.addRenderTexture(self.ground, GraphicsOutput.RTMBindOrCopy, GraphicsOutput.RTPColor)
        ground.setClearColor(Vec4(0.5, 0.5, 0.5, 1.0))
        self.bake_root = NodePath("ground-bake")
        self._inputs(self.bake_root)
        self.bake_root.setShader(self.shaders["bake"])
        self.bake_root.setShaderInput("contact", self.contact)
        self.bake_quad = self.bake_root.attachNewNode(quad_node(1.0, 1.0, (1, 1, 1, 1), "ground"))
        self.ground_lens = OrthographicLens()
        self.ground_lens.setNearFar(1.0, 2000.0)
        self.ground_camera = self.bake_root.attachNewNode(Camera("ground-camera", self.ground_lens))
        self.ground_camera.setHpr(0, -90, 0)  # looking down, the picture's top towards +y
        ground.makeDisplayRegion().setCamera(self.ground_camera)
        self.buffer, self.ground_buffer = shadow, ground
        self._inputs(self.root)
        self.root.setShaderInput("ground", self.ground)
        self.fit(self._extent)

    def set_contact(self, texture: Texture) -> None:
        """The felt's contact shadows (view/materials.py's map over the table), for the ground light."""
        self.contact = texture
        if self.enabled:
            self.bake_root.setShaderInput("contact", texture)
            self.touch()

    def fit(self, extent: tuple[tuple[float, float], tuple[float, float]]) -> None:
        """Aim the shadow camera so that its map holds the whole table (x0, y0), (x1, y1) and REACH above it, and
        the ground light's camera so that its picture is the table's felt."""
        self._extent = extent
        if not self.enabled or self.camera is None:
            return
        (x0, y0), (x1, y1) = extent
        centre = Point3((x0 + x1) / 2, (y0 + y1) / 2, 0.0)
        self.camera.setPos(centre + KEY_TOWARD * DISTANCE)
        self.camera.lookAt(centre)
        to_light = self.root.getMat(self.camera)
        reach_x = reach_y = 0.0
        for x in (x0, x1):
            for y in (y0, y1):
                for z in (-20.0, REACH):
                    p = to_light.xformPoint(Point3(x, y, z))
                    reach_x, reach_y = max(reach_x, abs(p.x)), max(reach_y, abs(p.z))
        self.lens.setFilmSize(2 * reach_x + 20.0, 2 * reach_y + 20.0)
        self.lens.setNearFar(DISTANCE - 1500.0, DISTANCE + 1500.0)
        depth = self.lens.getFar() - self.lens.getNear()
        bias = Mat4.scaleMat(0.5, 0.5, 0.5) * Mat4.translateMat(0.5, 0.5, 0.5)
        frame = Vec4(x0, y0, 1.0 / (x1 - x0), 1.0 / (y1 - y0))
        for node in (self.root, self.bake_root):
            node.setShaderInput("shadow_texel", Vec4(1.0 / self.quality.shadow_size, DEPTH_BIAS / depth, 0.0, 0.0))
            node.setShaderInput("shadow_matrix", to_light * self.lens.getProjectionMat() * bias)
            node.setShaderInput("ground_frame", frame)
        self.bake_quad.setPos(centre)
        self.bake_quad.setScale(x1 - x0, y1 - y0, 1.0)
        self.ground_camera.setPos(centre.x, centre.y, 1000.0)
        self.ground_lens.setFilmSize(x1 - x0, y1 - y0)
        self.touch()

    @property
    def ground_light(self) -> bool:
        """Whether the felt's light and shadows come from the ground light map (else view/shadows.py draws them)."""
        return self.enabled and self.quality.ground_light

    def touch(self) -> None:
        """The table changed: draw the shadow map and the ground light again with the next frame (once)."""
        for buffer in (self.buffer, self.ground_buffer if self.quality.ground_light else None):
            if buffer is not None:
                buffer.setActive(True)
                buffer.setOneShot(True)

    def set_quality(self, quality: Quality) -> None:
        """Draw at another tier from the next frame."""
        if not self.enabled or quality == self.quality:
            self.quality = quality
            return
        self._release()
        self._build(quality)
        for node in self.root.findAllMatches("**/=material"):
            kind = node.getTag("material")
            node.setShader(self.shaders[kind])

    def _release(self) -> None:
        for buffer in (self.buffer, self.ground_buffer):
            if buffer is not None and self.base is not None:
                self.base.graphicsEngine.removeWindow(buffer)
        if self.camera is not None:
            self.camera.removeNode()
        self.buffer = self.ground_buffer = None
        self.camera = None

    def close(self) -> None:
        self._release()

    # -- materials -------------------------------------------------------------------------------------

    def use(self, node: NodePath, kind: str, gloss: Gloss | None = None) -> NodePath:
        """Draw a node (and what is under it) with a material's shader, if the renderer has shaders."""
        if self.enabled:
            node.setShader(self.shaders[kind])
            node.setTag("material", kind)
            if gloss is not None:
                node.setShaderInput("gloss", Vec4(*gloss))
        return node

    def cast(self, node: NodePath) -> NodePath:
        """Let a node (and what is under it) cast shadows."""
        if self.enabled:
            node.showThrough(SHADOW_MASK)
        return node

    def no_cast(self, node: NodePath) -> NodePath:
        """Keep a node (under a caster) out of the shadow map."""
        if self.enabled:
            node.hide(SHADOW_MASK)
        return node


def angle_of_light() -> float:
    """The key light's height above the table, in degrees (a shadow is about 1/tan of it times the height)."""
    return math.degrees(math.asin(KEY_TOWARD.z))
