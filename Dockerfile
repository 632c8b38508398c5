# One image for web, worker and beat (see docker-compose.yml).
FROM python:3.11-slim
# POKERFEST_DEVELOPMENT=0: a container is production (SECRET_KEY required, HTTPS settings on),
# even though its web service starts through the launcher, which marks its children development.
ENV PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1 DJANGO_SETTINGS_MODULE=pokerfest.settings \
    POKERFEST_DEVELOPMENT=0
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
RUN useradd --system --home /app pokerfest && mkdir -p /app/var/backups && chown -R pokerfest /app
USER pokerfest
EXPOSE 8000
CMD ["python", "-m", "pokerfest.stack", "run", "--web-only"]
