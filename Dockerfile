# One image for web, worker and beat (see docker-compose.yml).
FROM python:3.11-slim
ENV PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1 DJANGO_SETTINGS_MODULE=pokerfest.settings
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
RUN useradd --system --home /app pokerfest && chown -R pokerfest /app
USER pokerfest
EXPOSE 8000
CMD ["python", "-m", "pokerfest.stack", "run", "--web-only"]
