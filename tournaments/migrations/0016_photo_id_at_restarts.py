# REG-ID at restarts: a returning player's photo ID seen for one day of play.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0015_the_directors_record'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='PhotoIdCheck',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('day', models.PositiveSmallIntegerField()),
                ('checked_at', models.DateTimeField()),
                ('where', models.CharField(choices=[('desk', 'Desk'), ('floor', 'Floor')], max_length=5)),
                ('checked_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('entry', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='photo_id_checks', to='tournaments.entry')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='photo_id_checks', to='tournaments.tournament')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('entry', 'day'), name='photo_id_check_once_per_entry_and_day'), models.CheckConstraint(condition=models.Q(('day__gte', 1)), name='photo_id_check_day_from_1'), models.CheckConstraint(condition=models.Q(('where__in', ['desk', 'floor'])), name='photo_id_check_where_valid')],
            },
        ),
    ]
