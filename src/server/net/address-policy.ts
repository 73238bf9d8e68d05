import { BlockList, isIP } from 'node:net';

/**
 * Addresses an outbound request of ours must never reach (SSRF): this machine, private networks,
 * link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254), carrier NAT, documentation,
 * multicast and reserved ranges, and the IPv6 forms that embed an IPv4 address.
 */
const BLOCKED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const BLOCKED_V6: Array<[string, number]> = [
  ['::', 96],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

// Two lists: a BlockList matches IPv4 addresses against IPv6 ranges like ::ffff:0:0/96 too.
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [net, prefix] of BLOCKED_V4) blockedV4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of BLOCKED_V6) blockedV6.addSubnet(net, prefix, 'ipv6');

/** `::ffff:127.0.0.1` and `::ffff:7f00:1` are 127.0.0.1: judge an IPv4-mapped address as the IPv4 one. */
function mappedV4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** The operator's exceptions (`OUTBOUND_FETCH_ALLOW`): host names, addresses or CIDR ranges. */
export class AddressPolicy {
  private readonly allowedHosts = new Set<string>();
  private readonly allowedNets = new BlockList();

  constructor(allow: readonly string[] = []) {
    for (const raw of allow) {
      const entry = raw.trim().toLowerCase().replace(/^\[|\]$/g, '');
      if (!entry) continue;
      const [net, prefix] = entry.split('/');
      const family = isIP(net!);
      if (family === 0) this.allowedHosts.add(entry);
      else if (prefix === undefined) this.allowedNets.addAddress(net!, family === 4 ? 'ipv4' : 'ipv6');
      else this.allowedNets.addSubnet(net!, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
    }
  }

  /** A host name the operator trusts whatever it resolves to. */
  allowsHost(hostname: string): boolean {
    return this.allowedHosts.has(hostname.toLowerCase());
  }

  /** Whether a resolved (or literal) IP address may be connected to. */
  allowsAddress(address: string): boolean {
    const v4 = isIP(address) === 6 ? mappedV4(address) : null;
    const [ip, type] = v4 ? [v4, 'ipv4' as const] : [address, isIP(address) === 4 ? ('ipv4' as const) : ('ipv6' as const)];
    if (isIP(ip) === 0) return false;
    if (this.allowedNets.check(ip, type)) return true;
    return !(type === 'ipv4' ? blockedV4 : blockedV6).check(ip, type);
  }
}
