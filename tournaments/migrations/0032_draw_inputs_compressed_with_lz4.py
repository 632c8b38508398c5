"""Issue 25: a draw's inputs (every open table's size, or every entry of a field draw) are
kept as jsonb of 10-100 KB. PostgreSQL compressed them with pglz: a table break's record took
1.9 ms to write where lz4 takes 0.9. A server built without lz4 keeps pglz (nothing else
changes: the column's compression is PostgreSQL's storage detail, not its value)."""

from django.db import migrations

LZ4 = """
DO $$ BEGIN
    ALTER TABLE tournaments_drawseed
        ALTER COLUMN inputs SET COMPRESSION lz4,
        ALTER COLUMN result SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
    RAISE NOTICE 'this PostgreSQL has no lz4: the draws keep pglz';
END $$;
"""
PGLZ = """
ALTER TABLE tournaments_drawseed
    ALTER COLUMN inputs SET COMPRESSION pglz,
    ALTER COLUMN result SET COMPRESSION pglz;
"""


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0031_kept_field_counts")]

    operations = [migrations.RunSQL(LZ4, PGLZ)]
