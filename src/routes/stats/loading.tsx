export default function StatsLoading() {
  return <p className="skeleton">Counting notes…</p>
}
