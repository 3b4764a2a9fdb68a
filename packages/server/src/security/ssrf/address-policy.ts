/**
 * Decides whether an IP address is one a conversion may reach. The rule is an allow-list of the
 * public internet: IPv4 outside every special-purpose block, IPv6 inside global unicast (2000::/3)
 * outside its special blocks. Addresses that carry an IPv4 address inside IPv6 (mapped, translated,
 * NAT64, 6to4) are judged by the IPv4 address they actually reach, so `::ffff:127.0.0.1` or
 * `2002:7f00:1::` cannot smuggle loopback past the check.
 */
import ipaddr from 'ipaddr.js';

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

const cidrs = (list: readonly string[]): Cidr[] => list.map((text) => ipaddr.parseCIDR(text));

/** IANA IPv4 special-purpose registry (RFC 6890 and successors) plus multicast and class E. */
const BLOCKED_V4 = cidrs([
  '0.0.0.0/8', // "this network"; 0.0.0.0 reaches the local host on Linux
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, cloud metadata (169.254.169.254)
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.31.196.0/24',
  '192.52.193.0/24',
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16',
  '192.175.48.0/24',
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, includes 255.255.255.255
]);

/** IPv6 blocks inside 2000::/3 that are not the public internet. */
const BLOCKED_V6 = cidrs([
  '2001::/23', // IETF protocol assignments: Teredo, benchmarking, ORCHID, AMT ...
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation (RFC 9637)
]);

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');
/** Prefixes whose last 32 bits are an IPv4 address (mapped, SIIT-translated, NAT64 well-known). */
const V4_IN_LAST_32 = cidrs(['::ffff:0:0/96', '::ffff:0:0:0/96', '64:ff9b::/96']);

export interface AddressVerdict {
  allowed: boolean;
  /** Why it is refused, in words a user understands ('loopback', 'private network' ...). */
  reason?: string;
}

function v4Reason(address: ipaddr.IPv4): string | undefined {
  if (!BLOCKED_V4.some((cidr) => address.match(cidr))) return undefined;
  const range = address.range();
  const names: Record<string, string> = {
    loopback: 'a loopback address',
    private: 'a private network address',
    carrierGradeNat: 'a carrier-grade NAT address',
    linkLocal: 'a link-local address',
    multicast: 'a multicast address',
    unspecified: 'an unspecified address',
    broadcast: 'a broadcast address',
  };
  return names[range] ?? 'a reserved address';
}

function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const bytes = address.toByteArray();
  if (V4_IN_LAST_32.some((cidr) => address.match(cidr))) {
    return new ipaddr.IPv4(bytes.slice(12, 16));
  }
  if (address.match(SIX_TO_FOUR)) return new ipaddr.IPv4(bytes.slice(2, 6));
  return undefined;
}

/** Judges one literal address (IPv4 dotted or IPv6, no brackets). Unparseable text is refused. */
export function checkAddress(text: string): AddressVerdict {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(text.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return { allowed: false, reason: 'not a valid IP address' };
  }
  if (address.kind() === 'ipv4') {
    const reason = v4Reason(address as ipaddr.IPv4);
    return reason ? { allowed: false, reason } : { allowed: true };
  }
  const v6 = address as ipaddr.IPv6;
  const inner = embeddedV4(v6);
  if (inner) {
    const reason = v4Reason(inner);
    if (reason) return { allowed: false, reason: `${reason} embedded in IPv6` };
    // 64:ff9b:: and 2002:: only work through a translator; mapped forms are the IPv4 host itself.
    return { allowed: true };
  }
  if (v6.range() === 'loopback') return { allowed: false, reason: 'a loopback address' };
  if (!v6.match(GLOBAL_UNICAST_V6)) {
    const range = v6.range();
    const names: Record<string, string> = {
      uniqueLocal: 'a unique-local address',
      linkLocal: 'a link-local address',
      multicast: 'a multicast address',
      unspecified: 'an unspecified address',
    };
    return { allowed: false, reason: names[range] ?? 'a reserved address' };
  }
  if (BLOCKED_V6.some((cidr) => v6.match(cidr))) return { allowed: false, reason: 'a reserved address' };
  return { allowed: true };
}

/** True when `text` is an IP literal (so no DNS lookup is needed). */
export function isIpLiteral(text: string): boolean {
  return ipaddr.isValid(text.replace(/^\[|\]$/g, ''));
}
