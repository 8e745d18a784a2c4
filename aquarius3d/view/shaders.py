"""The table's shaders (GLSL 1.20, which every renderer we meet compiles, llvmpipe included).

One light for everything: a key light whose shadow map tells height, a cool fill from the front, an ambient
term. Per pixel, a software renderer can afford about one texture lookup more than the fixed-function
pipeline, so the light is split by where things lie:

- **ground**: the felt, the cards lying on it, the trays and the piles. Everything there faces up at the
  felt's height, so its light (ambient, fill, key light times shadow, times the contact shadows round what
  lies on the cloth) is the same function of x and y for all of them: it is drawn once into the *ground
  light* map (`BAKE`) whenever the table changes, with soft shadow edges, and looked up once a pixel
  (medium, high); at the low tier it is lit per vertex and its shadows are drawn over it (view/shadows.py).
  **felt** is ground with the cloth's fibres (medium and high).
- **lit**: light per vertex only, no shadow (the rim, at the table's edge, where shadows hardly reach).
- **surface**: what stands above the felt (storeys, the rim, the scoring row, a card in the air): light
  worked out per vertex, the key light times the shadow map per pixel.
- **plastic** and **filter**: the pyramids, drawn twice: what lies behind a wall is multiplied by the
  plastic's colour (filter: coloured plastic is a filter, so a red pyramid on a red panel is a deeper red,
  and two walls filter twice), then the light scattered in the plastic, a bright room reflected at grazing
  angles (Fresnel) and a highlight that moves as the camera orbits are added (plastic). Multiplying and
  adding do not care about order: see-through pyramids need no sorting, stacked, nested or side by side.

Medium and high add a sheen on cards and wood, fibres on the felt, the pyramids' plastic worked out per pixel
(the low tier: per vertex, their faces being flat, the shadow still per pixel) and softer shadow edges (TAPS: 1,
4 or 12 filtered lookups of the shadow map). Everything is in world space (the scene's root).
"""

from __future__ import annotations

from panda3d.core import Shader

VERTEX = """
uniform mat4 p3d_ModelViewProjectionMatrix;
uniform mat4 p3d_ModelMatrix;
uniform mat4 p3d_ModelMatrixInverseTranspose;
uniform mat4 shadow_matrix;  // world -> shadow map's texture space (0..1, depth 0..1)
uniform vec3 key_dir;  // towards the key light
uniform vec3 key_colour;
uniform vec3 fill_dir;
uniform vec3 fill_colour;
uniform vec3 ambient;
#ifdef PLASTIC_VERTEX
uniform vec4 p3d_ColorScale;
uniform mat4 p3d_ViewMatrixInverse;
uniform vec4 gloss;
#endif
attribute vec4 p3d_Vertex;
attribute vec3 p3d_Normal;
attribute vec4 p3d_Color;
attribute vec2 p3d_MultiTexCoord0;
varying vec3 v_world;
varying vec3 v_normal;
varying vec4 v_colour;
varying vec2 v_uv;
varying vec4 v_shadow;
varying vec3 v_fill;  // ambient and fill light at the vertex
varying vec3 v_key;  // the key light at the vertex, before its shadow

void main() {
    vec4 world = p3d_ModelMatrix * p3d_Vertex;
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    vec3 n = normalize(mat3(p3d_ModelMatrixInverseTranspose) * p3d_Normal);
    v_world = world.xyz;
    v_normal = n;
    v_colour = p3d_Color;
    v_uv = p3d_MultiTexCoord0;
    v_fill = ambient + fill_colour * max(dot(n, fill_dir), 0.0);
    v_key = key_colour * max(dot(n, key_dir), 0.0);
#ifdef VERTEX_LIGHT
    v_colour.rgb *= v_fill + v_key;  // (the whole light, per vertex: the pixel reads one value fewer)
#endif
#ifdef PLASTIC_VERTEX
    // The low tier's plastic, worked out per vertex (the pixel adds the key light's part times its shadow).
    vec3 eye = normalize(p3d_ViewMatrixInverse[3].xyz - world.xyz);
    float fresnel = 0.04 + 0.96 * pow(1.0 - abs(dot(n, eye)), 5.0);
    vec4 base = p3d_Color * p3d_ColorScale;
  #ifdef FILTER
    vec3 tint = mix(vec3(1.0), min(pow(base.rgb, vec3(1.5)) * 1.1, vec3(1.0)), clamp(base.a, 0.0, 1.0));
    v_colour = vec4(tint * (1.0 - fresnel * 0.6), 1.0);
  #else
    float highlight = pow(max(dot(n, normalize(key_dir + eye)), 0.0), gloss.y) * gloss.x;
    vec3 bounce = reflect(-eye, n);
    vec3 room = mix(vec3(0.25, 0.27, 0.27), vec3(0.95, 0.95, 0.92), smoothstep(-0.2, 0.9, bounce.z));
    float scatter = gloss.w * base.a;
    float sheen_of = step(0.02, dot(p3d_Color.rgb, vec3(1.0)));  // 0 on an outline's ink (black): it reflects nothing
    v_fill = (base.rgb * (ambient + fill_colour * abs(dot(n, fill_dir))) * scatter + room * fresnel * gloss.z * sheen_of)
             * p3d_ColorScale.a;
    float through = max(dot(n, key_dir), 0.0) * 0.75 + abs(dot(n, key_dir)) * 0.25;  // (the lit side brighter)
    v_key = (base.rgb * key_colour * through * scatter + key_colour * highlight * sheen_of) * p3d_ColorScale.a;
    float rim = step(2.99, dot(p3d_Color.rgb, vec3(1.0)));  // an outline's light band (pure white): as bright lit or not
    v_fill = mix(v_fill, vec3(RIM_LIGHT) * p3d_ColorScale.a, rim);
    v_key *= 1.0 - rim;
  #endif
#endif
    // Looked up a little off the surface, along its normal: no acne on the thin cards.
    v_shadow = shadow_matrix * vec4(world.xyz + n * NORMAL_OFFSET, 1.0);
}
"""

SHADOW = """
uniform sampler2DShadow shadow_map;
uniform vec4 shadow_texel;  // 1 / size, depth bias
varying vec4 v_shadow;

float lookup(vec2 offset) {
    return shadow2D(shadow_map, vec3(v_shadow.xy + offset * shadow_texel.x, v_shadow.z - shadow_texel.y)).r;
}

float lit() {
#if TAPS == 1
    return lookup(vec2(0.0));
#elif TAPS == 4
    return 0.25 * (lookup(vec2(-0.7, -0.3)) + lookup(vec2(0.3, -0.7)) + lookup(vec2(0.7, 0.3))
                   + lookup(vec2(-0.3, 0.7)));
#else
    float sum = 0.0;
    sum += lookup(vec2(-0.66, -1.88)) + lookup(vec2(1.12, -1.64)) + lookup(vec2(1.94, -0.32));
    sum += lookup(vec2(1.58, 1.22)) + lookup(vec2(0.18, 1.98)) + lookup(vec2(-1.34, 1.48));
    sum += lookup(vec2(-1.98, 0.1)) + lookup(vec2(-1.64, -1.1)) + lookup(vec2(-0.4, -0.7));
    sum += lookup(vec2(0.76, -0.24)) + lookup(vec2(0.24, 0.84)) + lookup(vec2(-0.7, 0.44));
    return sum / 12.0;
#endif
}
"""

COMMON = """
uniform vec3 key_dir;
uniform vec3 key_colour;
uniform vec3 fill_dir;
uniform vec3 fill_colour;
uniform vec3 ambient;
uniform vec4 p3d_ColorScale;
uniform mat4 p3d_ViewMatrixInverse;
uniform vec4 gloss;  // sheen or highlight's strength, shininess; plastic: reflection, edges' opacity
varying vec3 v_world;
varying vec3 v_normal;
varying vec4 v_colour;
varying vec2 v_uv;
varying vec3 v_fill;
varying vec3 v_key;

float sheen(vec3 n, float shade) {
    vec3 eye = normalize(p3d_ViewMatrixInverse[3].xyz - v_world);
    return pow(max(dot(n, normalize(key_dir + eye)), 0.0), gloss.y) * gloss.x * shade;
}
"""

GROUND = COMMON + """
uniform sampler2D p3d_Texture0;
uniform sampler2D ground;  // the ground light, x2 (view/lighting.py draws it)
uniform vec4 ground_frame;  // x0, y0, 1 / width, 1 / length of the table

void main() {
#ifdef GROUND_MAP
    vec3 light = texture2D(ground, (v_world.xy - ground_frame.xy) * ground_frame.zw).rgb * 2.0;
#else
    vec3 light = vec3(1.0);  // (in the vertex colour; at the low tier shadows are drawn over it, view/shadows.py)
#endif
#if defined(FELT) && defined(FIBRES)
    vec4 base = v_colour * p3d_ColorScale * (0.8 + 0.4 * texture2D(p3d_Texture0, v_world.xy * FIBRE_SCALE).r);
#elif defined(FELT)
    vec4 base = v_colour * p3d_ColorScale;
#else
    vec4 base = texture2D(p3d_Texture0, v_uv) * v_colour * p3d_ColorScale;
#endif
    vec3 colour = base.rgb * light;
#if defined(SHEEN) && defined(VERTEX_LIGHT) && !defined(FELT)
    colour += key_colour * sheen(normalize(v_normal), 1.0);  // (the rim)
#elif defined(SHEEN) && !defined(FELT)
    colour += key_colour * sheen(vec3(0.0, 0.0, 1.0), clamp((light.r - 0.5) * 2.0, 0.0, 1.0));
#endif
    gl_FragColor = vec4(colour, base.a);
}
"""

SURFACE = COMMON + SHADOW + """
uniform sampler2D p3d_Texture0;

void main() {
    vec4 base = texture2D(p3d_Texture0, v_uv) * v_colour * p3d_ColorScale;
    float shade = lit();
    vec3 colour = base.rgb * (v_fill + v_key * shade);
#ifdef SHEEN
    colour += key_colour * sheen(normalize(v_normal), shade);
#endif
    gl_FragColor = vec4(colour, base.a);
}
"""

PLASTIC = COMMON + SHADOW + """
void main() {
#ifdef PLASTIC_VERTEX
  #ifdef FILTER
    gl_FragColor = v_colour;
  #else
    gl_FragColor = vec4(v_fill + v_key * lit(), 1.0);
  #endif
#else
    vec4 base = v_colour * p3d_ColorScale;  // the plastic's colour; alpha: how much of the light it stops
    vec3 n = normalize(v_normal);
    vec3 eye = normalize(p3d_ViewMatrixInverse[3].xyz - v_world);
    float fresnel = 0.04 + 0.96 * pow(1.0 - abs(dot(n, eye)), 5.0);
#ifdef FILTER
    // What lies behind is seen through the wall, filtered by its colour (and less of it at grazing angles, where
    // the wall reflects more): drawn multiplying what is there, in any order.
    vec3 tint = mix(vec3(1.0), min(pow(base.rgb, vec3(1.5)) * 1.1, vec3(1.0)), clamp(base.a, 0.0, 1.0));
    gl_FragColor = vec4(tint * (1.0 - fresnel * 0.6), 1.0);
#else
    // Light scattered in the plastic, the room reflected at grazing angles and the key light's highlight:
    // drawn adding to what is there, in any order.
    float shade = lit();
    float highlight = sheen(n, shade);
    vec3 bounce = reflect(-eye, n);
    vec3 room = mix(vec3(0.25, 0.27, 0.27), vec3(0.95, 0.95, 0.92), smoothstep(-0.2, 0.9, bounce.z));
    // Light goes through the plastic: a wall is lit from either side (the far wall's inside too).
    float through = max(dot(n, key_dir), 0.0) * 0.75 + abs(dot(n, key_dir)) * 0.25;  // (the lit side brighter)
    vec3 diffuse = ambient + fill_colour * abs(dot(n, fill_dir)) + key_colour * through * shade;
    float sheen_of = step(0.02, dot(v_colour.rgb, vec3(1.0)));  // 0 on an outline's ink (black): it reflects nothing
    vec3 colour = base.rgb * diffuse * gloss.w * base.a + (room * fresnel * gloss.z + key_colour * highlight) * sheen_of;
    colour = mix(colour, vec3(RIM_LIGHT), step(2.99, dot(v_colour.rgb, vec3(1.0))));  // an outline's light band
    gl_FragColor = vec4(colour * p3d_ColorScale.a, 1.0);
#endif
#endif
}
"""

BAKE = COMMON + SHADOW + """
uniform sampler2D contact;  // the contact shadows round what lies on the felt
uniform vec4 ground_frame;

void main() {
    float near = texture2D(contact, (v_world.xy - ground_frame.xy) * ground_frame.zw).r;
    vec3 light = (v_fill + v_key * lit()) * near;
    gl_FragColor = vec4(light * 0.5, 1.0);
}
"""

FIBRE_SCALE = 1.0 / 24.0  # the fibres' texture repeats every 24 mm of felt
NORMAL_OFFSET = 0.6  # millimetres off the surface a shadow is looked up at
RIM_LIGHT = 0.5  # the light a pyramid's outline adds in its light band (view/pieces.py), lit or in shade
KINDS = ("ground", "felt", "lit", "surface", "plastic", "filter", "bake")


def make(kind: str, taps: int, sheen: bool, ground_map: bool = True) -> Shader:
    """The shader of a material (one of KINDS) taking `taps` shadow lookups a pixel, with a sheen or not; the
    ground's light from the ground light map or (`ground_map` false) per vertex."""
    fragment = {"ground": GROUND, "felt": GROUND, "lit": GROUND, "surface": SURFACE, "plastic": PLASTIC,
                "filter": PLASTIC, "bake": BAKE}[kind]
    defines = {"TAPS": str(taps), "FIBRE_SCALE": f"{FIBRE_SCALE:.6f}", "NORMAL_OFFSET": f"{NORMAL_OFFSET:.3f}",
               "RIM_LIGHT": f"{RIM_LIGHT:.3f}"}
    if ground_map and kind in ("ground", "felt"):
        defines["GROUND_MAP"] = "1"
    elif kind in ("ground", "felt", "lit"):
        defines["VERTEX_LIGHT"] = "1"
    if kind == "felt":
        defines["FELT"] = "1"
    if kind == "filter":
        defines["FILTER"] = "1"
    if kind in ("plastic", "filter") and not sheen:  # (the low tier)
        defines["PLASTIC_VERTEX"] = "1"
    if sheen:
        defines["SHEEN"] = defines["FIBRES"] = "1"
    header = "#version 120\n" + "".join(f"#define {name} {value}\n" for name, value in defines.items())
    return Shader.make(Shader.SL_GLSL, header + VERTEX, header + fragment)
