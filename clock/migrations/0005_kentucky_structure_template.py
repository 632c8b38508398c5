"""Ship the structure the kentucky rulebook prints as a template (CLK-LEVELS)."""

from django.db import migrations


def add_templates(apps, schema_editor):
    from clock.rules.structures import PRESET_STRUCTURES

    Structure = apps.get_model("clock", "Structure")
    Level = apps.get_model("clock", "Level")
    for preset, levels in PRESET_STRUCTURES.items():
        structure, created = Structure.objects.get_or_create(name=f"{preset} (rulebook)", is_template=True,
                                                             festival=None)
        if created:
            Level.objects.bulk_create([
                Level(structure=structure, position=i, small_blind=l.small_blind, big_blind=l.big_blind, ante=l.ante,
                      duration=l.duration, is_break=l.is_break, name=l.name, big_blind_ante=l.big_blind_ante,
                      colour_up=l.colour_up) for i, l in enumerate(levels)])


def remove_templates(apps, schema_editor):
    apps.get_model("clock", "Structure").objects.filter(name__endswith=" (rulebook)", is_template=True).delete()


class Migration(migrations.Migration):
    dependencies = [("clock", "0004_structure_templates_and_level_notes")]
    operations = [migrations.RunPython(add_templates, remove_templates)]
