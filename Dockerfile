# kahu: API + worker in one image. Run with PUBLIC_URL (required: the address players reach the
# judge at, used in every mail), DATABASE_URL and SMTP_URL for production;
# append --api or --worker to run one role: docker run -e PUBLIC_URL=https://kahu.example.org kahu --api
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# A file: override in package.json points here (see README, Node versions).
COPY scripts/stubs ./scripts/stubs
RUN npm ci --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/scripts/stubs ./scripts/stubs
COPY package.json package-lock.json tsconfig.json prisma.config.ts ./
COPY prisma ./prisma
COPY src ./src
# Fonts for the PNG maps (bundled, no system fonts needed).
COPY assets ./assets
COPY scripts/build.mjs scripts/build-client.mjs scripts/kahu.sh ./scripts/
# `npm run adjudicate` runs the CLI from a bundle, built here once (the app folder is not the
# node user's to write in at run time).
COPY scripts/adjudicate.mjs ./scripts/adjudicate.mjs
# Generate the Prisma client at build time (no engine binary needed: the driver adapter is used),
# and bundle the service into plain JavaScript (dist/kahu/main.mjs), as `npm start` does.
RUN node prisma/generate.mjs \
 && node scripts/build.mjs \
 && echo '{"variant":"standard","phase":{"season":"spring","year":1901,"type":"movement"},"units":[],"orders":[]}' | node scripts/adjudicate.mjs >/dev/null \
 && mkdir -p /data && chown node:node /data
# Without DATABASE_URL the embedded PostgreSQL runs under /data/pg, as the unprivileged "node" user.
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# As `npm start` runs it (heap limits, malloc arenas): -e KAHU_HEAP_MB=256 for a bigger judge.
ENTRYPOINT ["sh", "scripts/kahu.sh"]
