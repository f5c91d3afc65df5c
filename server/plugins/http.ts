import fp from "fastify-plugin";
import helmet from "@fastify/helmet";
import compress from "@fastify/compress";

/** Infrastructure: security headers (a strict content security policy) and compressed answers. */
export const httpPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });
  },
  { name: "http" },
);
