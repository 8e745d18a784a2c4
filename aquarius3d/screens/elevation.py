"""Aquarius Rising's side elevation at the table: an orthographic view from the front with a millimetre
ruler and a marker at each element's highest point (E), and back to the orbiting camera."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..view.rising import element_tops

if TYPE_CHECKING:
    from .table_screen import TableScreen


def show_elevation(table: TableScreen, on: bool) -> None:
    elevation = table.parts.elevation
    if (on and elevation is None) or on == table.elevation_on:
        return
    table.elevation_on = on
    furniture = table.parts.hidden_in_elevation()
    if on:
        assert elevation is not None  # (none: returned above)
        table.camera.finish()
        elevation.update(element_tops(table.session.state))
        elevation.root.show()
        for node in furniture:  # seen from the front they would stand before the houses
            node.hide()
        aim_elevation(table)
    else:
        table.base.cam.node().setLens(table.perspective)
        if elevation is not None:
            elevation.root.hide()
        for node in furniture:
            node.show()
        table.camera.orbit.apply(table.base.camera)


def aim_elevation(table: TableScreen) -> None:
    elevation = table.parts.elevation
    assert elevation is not None  # (aimed only while it shows)
    aspect = table.base.getAspectRatio()
    table.base.cam.node().setLens(elevation.lens(aspect))
    eye, target = elevation.camera_pose(aspect)
    table.base.camera.setPos(*eye)
    table.base.camera.lookAt(*target)
