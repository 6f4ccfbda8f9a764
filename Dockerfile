# One image for the command API, the query API and the projectors (the compose file picks the npm
# script), and a second target, `proxy`, that is nginx with the web build and deploy/nginx.conf.

# The workspace's package manifests alone, so dependency layers are rebuilt only when they change.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY events/package.json events/
COPY scoring/package.json scoring/
COPY command-api/package.json command-api/
COPY query-api/package.json query-api/
COPY projectors/package.json projectors/
COPY web/package.json web/

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build --workspace web

FROM node:20-bookworm-slim AS app
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0
WORKDIR /app
COPY --from=manifests /app ./
# Production dependencies only; the TypeScript sources run through tsx, a production dependency.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --chown=node:node tsconfig.json ./
COPY --chown=node:node src src
COPY --chown=node:node events/src events/src
COPY --chown=node:node scoring/src scoring/src
COPY --chown=node:node command-api/src command-api/src
COPY --chown=node:node query-api/src query-api/src
COPY --chown=node:node projectors/src projectors/src
COPY --from=build --chown=node:node /app/web/dist web/dist
USER node
EXPOSE 8080
# Every process of this image serves /api/health (the projectors serve it alone); docker-compose.yml says the same per service.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "run", "--silent", "start:query-api"]

FROM nginx:1.27-alpine AS proxy
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
EXPOSE 80
