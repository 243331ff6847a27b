"""A Dask LocalCluster of worker processes (one thread each) and its client, for the tests that run
pathtext.dask."""
import contextlib

from distributed import Client, LocalCluster


@contextlib.contextmanager
def local_client(workers):
    """A client of a fresh LocalCluster with `workers` worker processes, closed at the end."""
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    with Client(cluster) as client:
        yield client
    cluster.close()
