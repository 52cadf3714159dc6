// The sharing core needs a MAC and a compressor; their shapes are the domain's (domain/sharing/share-token.ts).
export type { PacketCompressor, PacketSigner } from '../domain/sharing/share-token';
