# PEN-ABSENT: absent players, dealt in and blinded off, and their stacks removed by rule.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0012_colour_up'),
        ('tournaments', '0015_the_directors_record'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Absence',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('since', models.DateTimeField()),
                ('clock_since', models.DurationField(help_text='tournament clock time when marked absent')),
                ('retired', models.BooleanField(default=False)),
                ('ended_at', models.DateTimeField(blank=True, null=True)),
                ('ended_because', models.CharField(blank=True, choices=[('arrived', 'Arrived'), ('stack_removed', 'stack removed')], max_length=16)),
                ('ended_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('entry', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='absences', to='tournaments.entry')),
                ('marked_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='absences', to='tournaments.tournament')),
            ],
            options={
                'constraints': [models.UniqueConstraint(condition=models.Q(('ended_at__isnull', True)), fields=('entry',), name='absence_one_open_per_entry'), models.CheckConstraint(condition=models.Q(models.Q(('ended_at__isnull', True), ('ended_because', '')), models.Q(('ended_at__isnull', False), ('ended_because__in', ['arrived', 'stack_removed'])), _connector='OR'), name='absence_ended_says_why'), models.CheckConstraint(condition=models.Q(('ended_at__isnull', True), ('ended_at__gte', models.F('since')), _connector='OR'), name='absence_ends_after_it_starts'), models.CheckConstraint(condition=models.Q(('ended_because', 'stack_removed'), ('retired', True), _negated=True), name='absence_retired_stack_never_removed')],
            },
        ),
    ]
