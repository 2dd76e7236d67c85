# The scorepad (whistscore serve) on a mounted folder of games: docs/install.md "The container".
#   docker build -t whistscore .
#   docker run -d -p 8000:8000 -v /srv/club-games:/games whistscore
# tests/test_packaging.py checks the commands below against the command line.
FROM python:3.12-slim

ENV PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
COPY pyproject.toml README.md LICENSE CHANGELOG.md MANIFEST.in whistscore_start.py ./
COPY whistscore ./whistscore
COPY samples ./samples
RUN pip install ".[serve]" && rm -rf /src

# an unprivileged user owns nothing but the mounted folder's files it writes
RUN useradd --uid 1000 --create-home whistscore && mkdir /games && chown whistscore /games
USER whistscore
WORKDIR /games
VOLUME ["/games"]
EXPOSE 8000

ENTRYPOINT ["whistscore", "serve"]
CMD ["/games", "--host", "0.0.0.0", "--port", "8000"]
